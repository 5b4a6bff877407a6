//! How long a generated puzzle takes, per size and level and for each technique trainer:
//! the median and 95th percentile over seeds 0, 1, 2…, and the share of candidates thrown
//! away because they rated otherwise.
//! `cargo bench -p sudoku-engine --bench generate [-- SAMPLES] [tsv]` (`QUICK=1`: one seed
//! per row); `-- variants [SAMPLES] [GENRE…]`: the variant puzzles instead, per genre and
//! level (those named, by `--variant`'s names, or all), with the slowest seed.
//!
//! With `tsv`, each row also says what it asked (side, level index, technique index, seeds),
//! so `scripts/generate-bench.mjs` can ask the browser's worker for the very same puzzles.

use std::time::{Duration, Instant};

use sudoku_engine::generate::variant::{generate_variant, Genre};
use sudoku_engine::generate::{generate, levels, techniques, Request};
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;

mod quick;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let samples: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(40);
    let tsv = args.iter().any(|a| a == "tsv");
    if args.iter().any(|a| a == "variants") {
        let named: Vec<Genre> = args.iter().filter_map(|a| Genre::from_name(a)).collect();
        let genres = match named.is_empty() {
            true => Genre::ALL.to_vec(),
            false => named,
        };
        variants(quick::or_quick(samples, 1), &genres);
        return;
    }
    if !tsv {
        println!("| puzzle | median | 95th percentile | retried | samples |");
        println!("|---|---|---|---|---|");
    }
    for shape in Shape::ALL {
        let n = if shape.n() >= 16 {
            samples / 4
        } else {
            samples
        }
        .max(3);
        row(&format!("{shape}, any level"), &Request::new(shape), n, tsv);
        for &level in levels(shape) {
            let request = Request {
                level: Some(level),
                ..Request::new(shape)
            };
            row(&format!("{shape} {level}"), &request, n, tsv);
        }
    }
    for technique in techniques(Shape::NINE) {
        let request = Request {
            technique: Some(technique),
            ..Request::new(Shape::NINE)
        };
        let name = format!("9x9 needing {technique}");
        row(&name, &request, (samples / 8).max(3), tsv);
    }
}

fn row(name: &str, request: &Request, samples: u64, tsv: bool) {
    let samples = quick::or_quick(samples, 1);
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
    let ms = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
    let retried = 100.0 * (attempts - made) as f64 / attempts.max(1) as f64;
    if tsv {
        let index = |i: Option<usize>| i.map_or("any".to_string(), |i| i.to_string());
        let level = request
            .level
            .and_then(|l| Level::ASKED.iter().position(|&a| a == l));
        let technique = request
            .technique
            .and_then(|t| Technique::classic().iter().position(|&a| a == t));
        println!(
            "{name}\t{}\t{}\t{}\t{samples}\t{:.2}\t{:.2}\t{retried:.0}",
            request.shape.n(),
            index(level),
            index(technique),
            ms(0.5),
            ms(0.95)
        );
    } else {
        println!(
            "| {name} | {:.1} ms | {:.1} ms | {retried:.0}% | {samples} |",
            ms(0.5),
            ms(0.95)
        );
    }
}

/// Each genre at each of its levels over seeds 0, 1, 2…: median, 95th percentile and the
/// slowest, with the share of candidates thrown away.
fn variants(samples: u64, genres: &[Genre]) {
    println!("| variant | level | median | 95th percentile | slowest (seed) | retried | samples |");
    println!("|---|---|---|---|---|---|---|");
    for &genre in genres {
        for &level in genre.levels() {
            let mut times: Vec<(Duration, u64)> = Vec::new();
            let (mut attempts, mut made) = (0u64, 0u64);
            for seed in 0..samples {
                let start = Instant::now();
                if let Some(v) = generate_variant(genre, Some(level), seed, 10_000, |_| true) {
                    attempts += u64::from(v.attempts);
                    made += 1;
                }
                times.push((start.elapsed(), seed));
            }
            times.sort();
            let ms = |q: f64| {
                times[((times.len() - 1) as f64 * q).round() as usize]
                    .0
                    .as_secs_f64()
                    * 1e3
            };
            let (slowest, seed) = times[times.len() - 1];
            let retried = 100.0 * (attempts - made) as f64 / attempts.max(1) as f64;
            println!(
                "| {} | {level} | {:.0} ms | {:.0} ms | {:.0} ms ({seed}) | {retried:.0}% | {samples} |",
                genre.name(),
                ms(0.5),
                ms(0.95),
                slowest.as_secs_f64() * 1e3,
            );
        }
    }
}
