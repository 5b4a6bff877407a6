//! New puzzles: made for the board they were asked on, at the levels a size offers.

use super::*;
use crate::protocol::{Answer, MadeView};
use crate::protocol::{Seed, Wanted};
use sudoku_engine::generate::variant::Genre;

fn made(ticket: Ticket) -> Action {
    let mut puzzle = vec![0; 81];
    puzzle[0] = 5;
    Action::Maker(MakerAction::Report(Report::Done {
        ticket,
        answer: Answer::Generated(MadeView {
            puzzle,
            document: None,
            level: "Hard".into(),
            rating: 3.2,
        }),
        micros: 1,
    }))
}

#[test]
fn a_new_puzzle_opens_only_for_the_board_it_was_asked_on() {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
        .reduce(Action::Maker(MakerAction::Show(true)))
        .reduce(Action::Maker(MakerAction::Asked(
            Wanted::default(),
            Seed::Random(7),
        )));
    let asked = s.ticket();
    let stale = Ticket {
        revision: asked.revision.wrapping_sub(1),
        ..asked
    };
    let s = s.reduce(made(stale));
    assert!(
        s.play.board.is_empty() && s.maker.making.is_some(),
        "dropped"
    );
    let s = s.reduce(made(asked));
    assert_eq!(s.play.board.digit(0), 5);
    assert_eq!(
        (s.play.mode, s.maker.open, s.maker.making),
        (Mode::Solving, false, None)
    );
    let origin = s.game.origin.as_ref().expect("made here");
    assert_eq!(origin.describe(), "Hard, rated 3.2");
    assert_eq!(
        origin.wanted,
        Wanted::default(),
        "Next puzzle asks the same"
    );
    let s = s.reduce(Action::Game(GameAction::Open(
        Board::from_puzzle(&Grid::parse(&".".repeat(81)).unwrap()),
        Timer::default(),
    )));
    assert_eq!(s.game.origin, None, "another board has no level to show");
}

#[test]
fn a_size_drops_the_levels_and_techniques_it_is_not_made_at() {
    let hard_quad = Wanted {
        level: Some(2),
        technique: Some(10),
        ..Wanted::default()
    };
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering)).reduce(Action::Maker(
        MakerAction::Choose(Wanted {
            side: 12,
            ..hard_quad
        }),
    ));
    assert_eq!(
        (s.maker.choices.level, s.maker.choices.technique),
        (Some(2), Some(10)),
        "a 12x12 is made at Hard and for a hidden quad"
    );
    let s = s.reduce(Action::Maker(MakerAction::Choose(hard_quad)));
    assert_eq!(
        (s.maker.choices.level, s.maker.choices.technique),
        (Some(2), None),
        "a 9x9 hidden quad never comes"
    );
    let four = Wanted {
        side: 4,
        ..s.maker.choices
    };
    let s = s.reduce(Action::Maker(MakerAction::Choose(four)));
    assert_eq!(s.maker.choices.level, None, "4x4 is Easy alone");
}

#[test]
fn a_stopped_puzzle_never_arrives() {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
        .reduce(Action::Maker(MakerAction::Asked(
            Wanted::default(),
            Seed::Random(7),
        )))
        .reduce(Action::Maker(MakerAction::Stopped));
    let ticket = s.ticket();
    let s = s.reduce(made(ticket));
    assert!(s.play.board.is_empty());
}

#[test]
fn a_first_visit_waits_for_todays_puzzle_and_for_nothing_once_a_puzzle_opened() {
    let mut first = State::new(Board::empty(Shape::NINE), Mode::Entering);
    first.maker.greeting = true;
    let s = Rc::new(first);
    assert!(
        s.making_daily(),
        "laid out for today's puzzle before it is asked"
    );
    // A link that could not be opened: its message stays over today's puzzle.
    let today = Seed::Daily {
        year: 2026,
        month: 11,
        day: 26,
    };
    let s = s
        .reduce(Action::Page(PageAction::Notice(Some("Not opened.".into()))))
        .reduce(Action::Maker(MakerAction::Greet))
        .reduce(Action::Maker(MakerAction::Asked(Wanted::default(), today)));
    assert!(s.making_daily());
    let ticket = s.ticket();
    let s = s.reduce(made(ticket));
    assert!(!s.making_daily());
    assert_eq!(s.notice.as_deref(), Some("Not opened."));
    // Enter a puzzle then is an empty board to enter one on, not a wait.
    let entering = s
        .clone()
        .reduce(Action::Game(GameAction::NewSize(Shape::NINE)));
    assert!(entering.play.board.is_empty() && !entering.making_daily());
    // So it is after a link or a level, and after Clear.
    let s = s.reduce(Action::Game(GameAction::ClearAll));
    assert!(s.play.board.is_empty() && !s.making_daily());
    // Enter a puzzle, or Stop, before it came: no longer waiting either.
    let mut first = State::new(Board::empty(Shape::NINE), Mode::Entering);
    first.maker.greeting = true;
    let s = Rc::new(first).reduce(Action::Maker(MakerAction::Asked(Wanted::default(), today)));
    assert!(!s
        .clone()
        .reduce(Action::Maker(MakerAction::Stopped))
        .making_daily());
    assert!(!s
        .reduce(Action::Game(GameAction::NewSize(Shape::NINE)))
        .making_daily());
}

#[test]
fn a_made_variant_opens_drawn_and_titled_as_a_link_does_and_is_filed_under_its_variant() {
    let killer = Wanted::variant(Genre::Killer, Some(1));
    let s = state()
        .reduce(Action::Maker(MakerAction::Show(true)))
        .reduce(Action::Maker(MakerAction::Asked(killer, Seed::Random(7))));
    let ticket = s.ticket();
    let s = s.reduce(Action::Maker(MakerAction::Report(Report::Done {
        ticket,
        answer: Answer::Generated(MadeView {
            puzzle: Vec::new(),
            document: Some(crate::variant::tests::KILLER.into()),
            level: "Medium".into(),
            rating: 2.0,
        }),
        micros: 1,
    })));
    let variant = s.play.board.variant().expect("played under its rules");
    assert_eq!(variant.imported.title.as_deref(), Some("Tiny"));
    assert_eq!(s.play.board.rules().len(), 1);
    assert_eq!((s.play.mode, s.maker.open), (Mode::Solving, false));
    let origin = s.game.origin.as_ref().expect("made here");
    assert_eq!(origin.describe(), "Killer, Medium, rated 2.0");
    assert_eq!(s.game.level().as_deref(), Some("Killer, Medium"));
    assert_eq!(origin.wanted, killer, "Next puzzle asks for a killer again");
    // A document that does not read leaves the board and says why.
    let s = s.reduce(Action::Maker(MakerAction::Asked(killer, Seed::Random(8))));
    let (ticket, board) = (s.ticket(), s.play.board.clone());
    let s = s.reduce(Action::Maker(MakerAction::Report(Report::Done {
        ticket,
        answer: Answer::Generated(MadeView {
            puzzle: Vec::new(),
            document: Some("{".into()),
            level: "Medium".into(),
            rating: 2.0,
        }),
        micros: 1,
    })));
    assert_eq!(s.play.board, board);
    assert!(s
        .notice
        .as_deref()
        .is_some_and(|n| n.contains("could not be read")));
}

#[test]
fn a_variant_is_chosen_as_a_9x9_at_the_levels_it_is_made_at() {
    let s = state().reduce(Action::Maker(MakerAction::Choose(Wanted {
        side: 12,
        level: Some(0),
        technique: Some(3),
        minimal: true,
        variant: Some(0),
        ..Wanted::default()
    })));
    let chosen = s.maker.choices;
    assert_eq!(chosen.genre(), Some(Genre::Killer));
    assert_eq!(
        (chosen.side, chosen.technique, chosen.minimal, chosen.level),
        (9, None, false, Some(0)),
        "a killer is a 9x9 with no trainer, made at Easy too"
    );
    let levels = |wanted: &Wanted| -> Vec<u8> {
        offered_levels(wanted).into_iter().map(|(i, _)| i).collect()
    };
    assert_eq!(levels(&chosen), [0, 1, 2, 3, 4]);
    assert_eq!(
        levels(&Wanted::variant(Genre::Thermo, None)),
        [0, 1, 2, 3, 4]
    );
}

#[test]
fn today_s_variant_is_the_same_for_everyone_a_new_one_each_day_at_a_level_it_is_made_at() {
    let offered = offered_genres();
    assert!(offered.contains(&Genre::GreaterThan) && !offered.contains(&Genre::TenLines));
    let week: Vec<Wanted> = (20..20 + offered.len() as u8)
        .map(|day| daily_variant(2026, 11, day, Some(0)))
        .collect();
    assert_eq!(week[0], daily_variant(2026, 11, 20, Some(0)));
    let mut genres: Vec<&str> = week.iter().map(|w| w.genre().unwrap().name()).collect();
    genres.sort_unstable();
    genres.dedup();
    assert_eq!(
        genres.len(),
        offered.len(),
        "each variant once in as many days as there are"
    );
    for wanted in &week {
        let offered = offered_levels(wanted);
        let level = wanted.level.expect("a level");
        assert!(offered.iter().any(|&(i, _)| i == level));
        assert_eq!(level, offered[0].0, "Easy, or the easiest it is made at");
    }
}

#[test]
fn the_next_puzzle_of_the_kind_last_asked_for_is_made_ahead_and_opens_at_once() {
    let killer = Wanted::variant(Genre::Killer, Some(3));
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
        .reduce(Action::Maker(MakerAction::Asked(killer, Seed::Random(7))));
    assert_eq!(s.maker.to_make_ahead(), None, "not while one is made");
    let ticket = s.ticket();
    let s = s.reduce(made(ticket));
    assert_eq!(
        s.maker.to_make_ahead(),
        Some(killer),
        "the kind last asked for"
    );
    let s = s.reduce(Action::Maker(MakerAction::AheadAsked(
        killer,
        Seed::Random(8),
    )));
    assert_eq!(s.maker.to_make_ahead(), None, "asked once");
    // Its answer is kept whatever the board shows now.
    let mut puzzle = vec![0; 81];
    puzzle[1] = 6;
    let answer = Answer::Generated(MadeView {
        puzzle,
        document: None,
        level: "Expert".into(),
        rating: 4.4,
    });
    let s = s.reduce(Action::Maker(MakerAction::AheadReport(Report::Done {
        ticket: Ticket::default(),
        answer,
        micros: 1,
    })));
    let ahead = s.maker.ahead.as_ref().expect("kept");
    assert!(ahead.ready_for(killer) && !ahead.ready_for(Wanted::default()));
    // New puzzle as before: it opens with no worker asked, and the next is due.
    let s = s.reduce(Action::Maker(MakerAction::TakeAhead));
    assert_eq!(s.play.board.digit(1), 6);
    assert_eq!(s.maker.making, None);
    let origin = s.game.origin.as_ref().expect("made here");
    assert_eq!((origin.wanted, origin.seed), (killer, Seed::Random(8)));
    assert_eq!(s.maker.ahead, None);
    assert_eq!(s.maker.to_make_ahead(), Some(killer));
    // A worker that made none is not asked again until another kind is asked for.
    let s = s
        .reduce(Action::Maker(MakerAction::AheadAsked(
            killer,
            Seed::Random(9),
        )))
        .reduce(Action::Maker(MakerAction::AheadReport(Report::Done {
            ticket: Ticket::default(),
            answer: Answer::NotGenerated,
            micros: 1,
        })));
    assert_eq!(
        (s.maker.ahead.as_ref(), s.maker.to_make_ahead()),
        (None, None)
    );
    let taken = s.reduce(Action::Maker(MakerAction::TakeAhead));
    assert_eq!(
        taken.play.board.digit(1),
        6,
        "nothing made ahead: nothing opens"
    );
}
