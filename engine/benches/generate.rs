//! How long a generated puzzle takes, per size and level: the median and 95th percentile
//! over seeded runs, and the share of candidates thrown away because they rated otherwise.
//! `cargo bench -p sudoku-engine --bench generate [-- SAMPLES]`

use std::time::{Duration, Instant};

use sudoku_engine::generate::{generate, Request};
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;

fn main() {
    let samples: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(40);
    println!("| puzzle | median | 95th percentile | retried | samples |");
    println!("|---|---|---|---|---|");
    let nine = Request::new(Shape::NINE);
    for level in Level::ASKED {
        let request = Request {
            level: Some(level),
            ..nine.clone()
        };
        row(&format!("9x9 {level}"), &request, samples);
    }
    for technique in [Technique::XWing, Technique::XyWing, Technique::Swordfish] {
        let request = Request {
            technique: Some(technique),
            ..nine.clone()
        };
        row(&format!("9x9 needing {technique}"), &request, samples / 4);
    }
    for side in [4, 6, 12, 16, 25] {
        let shape = Shape::for_side(side).expect("a size");
        let n = if side >= 16 { samples / 8 } else { samples };
        row(
            &format!("{shape}, any level"),
            &Request::new(shape),
            n.max(3),
        );
    }
}

fn row(name: &str, request: &Request, samples: u64) {
    let mut times: Vec<Duration> = Vec::new();
    let (mut attempts, mut made) = (0u64, 0u64);
    for seed in 0..samples {
        let start = Instant::now();
        if let Some(g) = generate(request, seed, 100_000, |_| true) {
            attempts += u64::from(g.attempts);
            made += 1;
        }
        times.push(start.elapsed());
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let retried = 100.0 * (attempts - made) as f64 / attempts.max(1) as f64;
    println!(
        "| {name} | {:.1} ms | {:.1} ms | {retried:.0}% | {samples} |",
        at(0.5).as_secs_f64() * 1e3,
        at(0.95).as_secs_f64() * 1e3
    );
}
