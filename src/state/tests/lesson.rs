//! Hints in stages, Check, and the step list.

use super::*;
use crate::board::Kind;
use crate::protocol::Answer;
use crate::protocol::Hint;
use crate::protocol::StepView;

fn step() -> StepView {
    StepView {
        technique: "Hidden single".into(),
        placements: vec![(4, 5)],
        eliminations: vec![(80, 9)],
        houses: vec![("row 1".into(), (0..9).collect())],
        second: vec![],
        cells: vec![4],
        candidates: vec![(4, 5)],
        links: vec![],
        rules: vec![],
        explanation: "Hidden single: 5 has one place left in row 1, r1c5".into(),
    }
}

fn hinted() -> Rc<State> {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving))
        .reduce(Action::Lesson(LessonAction::AskedHint));
    let ticket = s.ticket();
    s.reduce(Action::Lesson(LessonAction::Report(Report::Done {
        ticket,
        answer: Answer::Hint(Hint::Step(Box::new(step()))),
        micros: 5,
    })))
}

#[test]
fn a_hint_shows_more_in_stages_then_applies() {
    let s = hinted();
    assert_eq!(s.lesson.hint.as_ref().map(|(_, stage)| *stage), Some(1));
    let s = s.reduce(Action::Lesson(LessonAction::HintMore));
    assert_eq!(s.lesson.hint.as_ref().map(|(_, stage)| *stage), Some(2));
    // The second stage shows all there is, beside Apply: the third press applies.
    let before = s.clone();
    let s = s.reduce(Action::Lesson(LessonAction::HintMore));
    assert!(Rc::ptr_eq(&s, &before), "two stages to show, then Apply");
    let s = s.reduce(Action::Lesson(LessonAction::ApplyHint));
    assert_eq!(
        (s.play.board.digit(4), s.play.board.kind(4)),
        (5, Kind::User)
    );
    assert_eq!(
        s.play.board.candidates()[80] & (1 << 8),
        0,
        "9 was removed from r9c9"
    );
    assert!(s.lesson.hint.is_none() && s.play.revision == 1);
}

#[test]
fn a_digit_found_by_search_is_shown_and_only_written_when_applied() {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving))
        .reduce(Action::Lesson(LessonAction::AskedHint));
    let ticket = s.ticket();
    let s = s.reduce(Action::Lesson(LessonAction::Report(Report::Done {
        ticket,
        answer: Answer::Hint(Hint::Searched { cell: 10, digit: 7 }),
        micros: 5,
    })));
    assert!(matches!(s.lesson.hint, Some((Hint::Searched { .. }, _))));
    assert_eq!(s.play.board.digit(10), 0, "shown, not written");
    let s = s.reduce(Action::Lesson(LessonAction::ApplyHint));
    assert_eq!(
        (s.play.board.digit(10), s.play.board.kind(10)),
        (7, Kind::User)
    );
    assert!(s.lesson.hint.is_none() && s.play.revision == 1);
}

#[test]
fn a_stopped_hint_frees_the_buttons() {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving))
        .reduce(Action::Lesson(LessonAction::AskedHint));
    assert!(s.lesson.thinking);
    assert!(
        !s.reduce(Action::Lesson(LessonAction::Stopped))
            .lesson
            .thinking
    );
}

#[test]
fn check_marks_wrong_digits_until_the_board_changes() {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving))
        .reduce(Action::Play(PlayAction::Type(3)))
        .reduce(Action::Lesson(LessonAction::AskedCheck));
    let ticket = s.ticket();
    let checked = |s: Rc<State>, ticket| {
        s.reduce(Action::Lesson(LessonAction::Report(Report::Done {
            ticket,
            answer: Answer::Checked {
                digits: vec![0, 81],
                marks: vec![],
                regions: vec![81, 5],
            },
            micros: 1,
        })))
    };
    let stale = Ticket {
        revision: ticket.revision - 1,
        ..ticket
    };
    assert_eq!(checked(s.clone(), stale).lesson.checked, None);
    let s = checked(s, ticket);
    assert_eq!(
        s.lesson.checked,
        Some(Checked {
            digits: vec![0],
            marks: vec![],
            regions: vec![5],
        }),
        "cells off the board are dropped"
    );
    assert!(!s.lesson.thinking);
    assert_eq!(
        s.reduce(Action::Play(PlayAction::Type(4))).lesson.checked,
        None
    );
}

#[test]
fn an_edit_makes_the_hint_stale() {
    let s = hinted().reduce(Action::Play(PlayAction::Type(3)));
    assert!(s.lesson.hint.is_none());
}

#[test]
fn true_candidates_show_for_their_board_until_it_changes_or_they_are_hidden() {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
        .reduce(Action::Lesson(LessonAction::AskedTrueCandidates));
    assert!(s.lesson.thinking);
    let ticket = s.ticket();
    let found = |s: Rc<State>, ticket, cells: Vec<u32>| {
        s.reduce(Action::Lesson(LessonAction::Report(Report::Done {
            ticket,
            answer: Answer::TrueCandidates {
                cells,
                complete: true,
            },
            micros: 1,
        })))
    };
    let stale = Ticket {
        revision: ticket.revision.wrapping_sub(1),
        ..ticket
    };
    assert_eq!(found(s.clone(), stale, vec![0x1ff; 81]).lesson.truth, None);
    assert_eq!(
        found(s.clone(), ticket, vec![0x1ff; 4]).lesson.truth,
        None,
        "another size"
    );
    let s = found(s, ticket, vec![0x1ff; 81]);
    assert_eq!(s.lesson.truth, Some((Rc::new(vec![0x1ff; 81]), true)));
    assert!(!s.lesson.thinking);
    let hidden = s
        .clone()
        .reduce(Action::Lesson(LessonAction::HideTrueCandidates));
    assert_eq!(hidden.lesson.truth, None);
    assert_eq!(
        s.reduce(Action::Play(PlayAction::Type(4))).lesson.truth,
        None
    );
}

#[test]
fn a_finished_puzzle_from_elsewhere_is_rated_by_its_path_unseen() {
    use crate::protocol::PathView;
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving))
        .reduce(Action::Lesson(LessonAction::AskedRating));
    assert!(
        s.lesson.rating && !s.lesson.thinking,
        "Hint and Check stay free"
    );
    let ticket = s.ticket();
    let path = |level: &str| {
        Action::Lesson(LessonAction::Report(Report::Done {
            ticket,
            answer: Answer::Path(PathView {
                steps: vec![step()],
                solved: true,
                out_of_time: false,
                level: level.into(),
                rating: 3.2,
                counts: vec![],
            }),
            micros: 5,
        }))
    };
    let rated = s.clone().reduce(path("Hard"));
    assert_eq!(rated.lesson.steps, None, "no step list shown");
    assert!(!rated.game.spoiled && !rated.lesson.rating);
    assert_eq!(rated.game.level_text().as_deref(), Some("Hard, rated 3.2"));
    // The step list asked for meanwhile is shown, and rates the puzzle as well.
    let listed = s
        .reduce(Action::Lesson(LessonAction::AskedPath))
        .reduce(path("Fiendish"));
    assert!(listed.lesson.steps.is_some());
    assert_eq!(
        listed.game.level_text().as_deref(),
        Some("Fiendish, rated 3.2")
    );
}
