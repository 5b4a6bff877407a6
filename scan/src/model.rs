//! The digit classifier: a small network (one hidden layer) whose weights are trained by
//! `scan/train/train.py` and stored as bytes, so the page can load them on first use.

use crate::cells::FEATURE;

const MAGIC: &[u8; 4] = b"SDK1";

/// A layer: `outputs` rows of `inputs` weights in i8, each row with its own scale, and a bias.
struct Dense {
    inputs: usize,
    scales: Vec<f32>,
    biases: Vec<f32>,
    weights: Vec<i8>,
}

impl Dense {
    fn read(bytes: &mut &[u8], inputs: usize, outputs: usize) -> Option<Dense> {
        let scales = floats(bytes, outputs)?;
        let biases = floats(bytes, outputs)?;
        let weights = take(bytes, inputs * outputs)?
            .iter()
            .map(|&b| b as i8)
            .collect();
        Some(Dense {
            inputs,
            scales,
            biases,
            weights,
        })
    }

    fn apply(&self, input: &[f32]) -> Vec<f32> {
        self.weights
            .chunks_exact(self.inputs)
            .zip(self.scales.iter().zip(&self.biases))
            .map(|(row, (s, b))| {
                let dot: f32 = row.iter().zip(input).map(|(&w, &x)| w as f32 * x).sum();
                dot * s + b
            })
            .collect()
    }
}

/// What the classifier says of one digit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    /// The digit, 1-based (10 is `A`).
    pub value: u8,
    /// Its probability among the digits of the grid's size.
    pub confidence: f32,
    /// The next most likely digit.
    pub second: u8,
}

pub struct Network {
    hidden: Dense,
    out: Dense,
}

impl Network {
    /// Reads the weights; `None` unless they are whole and fit the reader's input.
    pub fn from_bytes(mut bytes: &[u8]) -> Option<Network> {
        let b = &mut bytes;
        if take(b, 4)? != MAGIC {
            return None;
        }
        let dims = take(b, 6)?;
        let dim = |i: usize| u16::from_le_bytes([dims[2 * i], dims[2 * i + 1]]) as usize;
        let (inputs, hidden, classes) = (dim(0), dim(1), dim(2));
        if inputs != FEATURE * FEATURE || hidden == 0 || classes < 4 {
            return None;
        }
        let model = Network {
            hidden: Dense::read(b, inputs, hidden)?,
            out: Dense::read(b, hidden, classes)?,
        };
        b.is_empty().then_some(model)
    }

    /// The most likely digit of a grid of size `n` (only `1..=n` are considered).
    pub fn classify(&self, feature: &[f32], n: usize) -> Guess {
        let hidden: Vec<f32> = self
            .hidden
            .apply(feature)
            .into_iter()
            .map(|v| v.max(0.0))
            .collect();
        let logits = self.out.apply(&hidden);
        let logits = &logits[..n.min(logits.len())];
        let top = logits.iter().copied().fold(f32::MIN, f32::max);
        let exp: Vec<f32> = logits.iter().map(|&l| (l - top).exp()).collect();
        let total: f32 = exp.iter().sum();
        let best = |skip: Option<usize>| {
            (0..exp.len())
                .filter(|&i| Some(i) != skip)
                .max_by(|&a, &b| exp[a].total_cmp(&exp[b]))
        };
        let first = best(None).unwrap_or(0);
        Guess {
            value: first as u8 + 1,
            confidence: exp[first] / total,
            second: best(Some(first)).map_or(0, |i| i as u8 + 1),
        }
    }
}

fn take<'a>(bytes: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
    if bytes.len() < n {
        return None;
    }
    let (head, tail) = bytes.split_at(n);
    *bytes = tail;
    Some(head)
}

fn floats(bytes: &mut &[u8], n: usize) -> Option<Vec<f32>> {
    Some(
        take(bytes, 4 * n)?
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
    )
}
