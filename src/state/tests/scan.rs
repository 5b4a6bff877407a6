//! A scanned puzzle: read, reviewed, corrected and accepted.

use super::*;
use crate::protocol::{Answer, ReadVerdict, Review, ScanView};

const TOP: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn ticket(revision: u32) -> Ticket {
    Ticket { revision, side: 0 }
}

fn done(ticket: Ticket, answer: Answer) -> Action {
    Action::Scan(ScanAction::Report(Report::Done {
        ticket,
        answer,
        micros: 1,
    }))
}

fn scanned(cells: Vec<u8>, verdict: ReadVerdict) -> Answer {
    let n = cells.len();
    Answer::Scanned(ScanView {
        confidence: vec![99; n],
        second: vec![0; n],
        cells,
        image: vec![255; 4],
        image_side: 2,
        review: Review {
            verdict,
            suspects: vec![],
        },
    })
}

fn reading(s: &State) -> &Transcript {
    match &s.scanner.phase {
        ScanPhase::Review(reading) => reading,
        other => panic!("no review: {other:?}"),
    }
}

#[test]
fn a_reading_is_reviewed_corrected_and_accepted_as_the_puzzle() {
    let puzzle = Grid::parse(TOP).unwrap();
    let mut misread = puzzle.cells().to_vec();
    misread[1] = 4; // a second 4 in row 1
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
        .reduce(Action::Scan(ScanAction::Show(true)))
        .reduce(Action::Scan(ScanAction::Scanning(ticket(1))))
        .reduce(done(
            ticket(1),
            scanned(
                misread,
                ReadVerdict::Conflict("r1c1 and r1c2 are both 4".into()),
            ),
        ));
    assert!(reading(&s).status().contains("r1c1 and r1c2 are both 4"));
    assert!(s.play.board.is_empty(), "nothing changes before Accept");

    let s = s.reduce(Action::Scan(ScanAction::Correct(1, 0, ticket(2))));
    assert_eq!(reading(&s).status(), "Checking…");
    assert_eq!(
        reading(&s).confidence[1],
        100,
        "the person's own digit is sure"
    );
    // The review of the reading before the correction comes late: dropped.
    let late = Answer::Reviewed(Review {
        verdict: ReadVerdict::NoSolution,
        suspects: vec![1],
    });
    let s = s.reduce(done(ticket(1), late));
    assert_eq!(reading(&s).review, None);
    let unique = Answer::Reviewed(Review {
        verdict: ReadVerdict::Unique,
        suspects: vec![],
    });
    let s = s.reduce(done(ticket(2), unique));
    assert!(reading(&s).status().starts_with("Unique"));

    let s = s.reduce(Action::Scan(ScanAction::Accept));
    assert_eq!(s.play.board.puzzle(), puzzle);
    assert_eq!(s.play.mode, Mode::Solving);
    assert!(!s.scanner.open && s.scanner.phase == ScanPhase::Idle);
}

#[test]
fn an_unreadable_image_or_a_failed_worker_says_why_and_keeps_the_board() {
    let board = Board::from_puzzle(&Grid::parse(TOP).unwrap());
    let s = Rc::new(State::new(board.clone(), Mode::Solving))
        .reduce(Action::Scan(ScanAction::Scanning(ticket(3))))
        .reduce(done(
            ticket(3),
            Answer::Unreadable("No Sudoku grid was found in the image".into()),
        ));
    assert_eq!(
        s.scanner.phase,
        ScanPhase::Failed("No Sudoku grid was found in the image".into())
    );
    let s = s
        .reduce(Action::Scan(ScanAction::Scanning(ticket(4))))
        .reduce(Action::Scan(ScanAction::Failed(
            ticket(3),
            "an older image".into(),
        )));
    assert_eq!(
        s.scanner.phase,
        ScanPhase::Reading,
        "another image's failure"
    );
    let s = s.reduce(Action::Scan(ScanAction::Report(Report::Failed {
        ticket: Some(ticket(4)),
        reason: "the worker stopped".into(),
    })));
    assert!(
        matches!(&s.scanner.phase, ScanPhase::Failed(why) if why.contains("the worker stopped"))
    );
    assert_eq!(s.play.board, board);
    // Accept with nothing read changes nothing.
    assert_eq!(s.reduce(Action::Scan(ScanAction::Accept)).play.board, board);
}

#[test]
fn a_correction_must_fit_the_grid() {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
        .reduce(Action::Scan(ScanAction::Scanning(ticket(1))))
        .reduce(done(ticket(1), scanned(vec![0; 16], ReadVerdict::Several)));
    let s = s.reduce(Action::Scan(ScanAction::Correct(3, 5, ticket(2))));
    assert_eq!(reading(&s).cells[3], 0, "5 is no digit of a 4x4");
    assert_eq!(s.scanner.ticket, ticket(1));
    let s = s.reduce(Action::Scan(ScanAction::Correct(16, 1, ticket(2))));
    assert_eq!(reading(&s).cells, vec![0; 16], "no cell 16");
}
