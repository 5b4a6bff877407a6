//! The perspective map from the straightened square to the photo.

/// A point in pixels.
pub type ImagePoint = (f32, f32);

/// A projective map of the plane: `(x, y) -> ((a x + b y + c) / (g x + h y + 1), ...)`.
#[derive(Clone, Copy, Debug)]
pub struct Homography([f32; 8]);

impl Homography {
    /// The map that takes the corners of the square `[0, side]²` (top left, top right,
    /// bottom right, bottom left) to `quad`; `None` if three corners are on one line.
    pub fn square_to(side: f32, quad: [ImagePoint; 4]) -> Option<Homography> {
        Homography::between([(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)], quad)
    }

    /// The map that takes each of `from` to the point of `to` at its place; `None` if
    /// three of either are on one line.
    pub fn between(from: [ImagePoint; 4], to: [ImagePoint; 4]) -> Option<Homography> {
        let mut m = [[0f64; 9]; 8];
        for (k, (&(x, y), &(u, v))) in from.iter().zip(&to).enumerate() {
            let (x, y, u, v) = (x as f64, y as f64, u as f64, v as f64);
            m[2 * k] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
            m[2 * k + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
        }
        let h = solve(m)?;
        Some(Homography(h.map(|v| v as f32)))
    }

    pub fn map(&self, (x, y): ImagePoint) -> ImagePoint {
        let h = &self.0;
        let w = h[6] * x + h[7] * y + 1.0;
        (
            (h[0] * x + h[1] * y + h[2]) / w,
            (h[3] * x + h[4] * y + h[5]) / w,
        )
    }
}

/// Gaussian elimination with partial pivoting on an 8x8 system (augmented to 8x9).
fn solve(mut m: [[f64; 9]; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-9 {
            return None;
        }
        m.swap(col, pivot);
        for row in 0..8 {
            if row != col {
                let f = m[row][col] / m[col][col];
                let pivot_row = m[col];
                for (x, p) in m[row][col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= f * p;
                }
            }
        }
    }
    Some(std::array::from_fn(|i| m[i][8] / m[i][i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_go_where_asked() {
        let quad = [(10.0, 20.0), (110.0, 25.0), (120.0, 130.0), (5.0, 115.0)];
        let h = Homography::square_to(9.0, quad).unwrap();
        for (p, q) in [(0.0, 0.0), (9.0, 0.0), (9.0, 9.0), (0.0, 9.0)]
            .into_iter()
            .zip(quad)
        {
            let (x, y) = h.map(p);
            assert!(
                (x - q.0).abs() < 1e-3 && (y - q.1).abs() < 1e-3,
                "{p:?} -> {x},{y}"
            );
        }
        assert!(Homography::square_to(9.0, [(0.0, 0.0); 4]).is_none());
    }
}
