//! `sudoku`: solve, count, rate and benchmark puzzles given as text or links.

mod args;
mod commands;
mod input;

use std::process::ExitCode;

use clap::Parser;
use sudoku_engine::generate::Request;

use crate::args::{Cli, Command};
use crate::commands::{
    clock_seed, run_bench, run_candidates, run_count, run_generate, run_generate_variant, run_rate,
    run_rules, run_scan, run_solve, run_steps,
};
use crate::input::read;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve { file, format } => read(file.as_deref()).map(|p| run_solve(&p, format)),
        Command::Count { file, limit } => read(file.as_deref()).map(|p| run_count(&p, limit)),
        Command::Steps { file, format } => read(file.as_deref()).map(|p| run_steps(&p, format)),
        Command::Rate { file, format } => read(file.as_deref()).map(|p| run_rate(&p, format)),
        Command::Candidates {
            file,
            searches,
            format,
        } => read(file.as_deref()).map(|p| run_candidates(&p, searches, format)),
        Command::Rules { link } => run_rules(&link),
        Command::Generate {
            variant: Some(genre),
            level,
            count,
            seed,
            format,
            site,
            ..
        } => run_generate_variant(
            genre,
            level,
            count,
            seed.unwrap_or_else(clock_seed),
            format,
            site,
        ),
        Command::Generate {
            variant: None,
            size,
            level,
            symmetry,
            technique,
            minimal,
            count,
            seed,
            format,
            ..
        } => {
            let request = Request {
                shape: size,
                level,
                symmetry,
                technique,
                minimal,
            };
            run_generate(&request, count, seed.unwrap_or_else(clock_seed), format)
        }
        Command::Scan { images, format } => Ok(run_scan(&images, format)),
        Command::Bench {
            file,
            rounds,
            format,
        } => read(Some(&file)).and_then(|p| run_bench(p, rounds, format)),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("sudoku: {message}");
            ExitCode::FAILURE
        }
    }
}
