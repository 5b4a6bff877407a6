//! The App's hooks: a client for each worker, the address read and kept, and the saves.
//! Each holds one effect of the page, so that `App` only puts them together.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use sudoku_engine::Shape;
use yew::prelude::*;

use crate::board::Board;
use crate::client::{Client, SolverClient};
use crate::protocol::{Job, Report, Seed, Ticket, Wanted};
use crate::state::{Action, Game, GameAction, History, Mode, PageAction, Play, State, Timer};
use crate::{link, storage};

/// A client for one worker, started when first wanted, and where its reports go.
#[derive(Clone)]
pub struct Worker {
    client: Rc<RefCell<Option<Client>>>,
    dispatcher: UseReducerDispatcher<State>,
    /// The action that carries a report of this worker's to its concern.
    report: fn(Report) -> Action,
}

impl PartialEq for Worker {
    fn eq(&self, other: &Worker) -> bool {
        Rc::ptr_eq(&self.client, &other.client)
    }
}

impl Worker {
    /// Starts the worker if it is not running yet.
    pub fn start(&self) {
        self.client();
    }

    /// The worker's client, started first if it is not running yet.
    fn client(&self) -> Client {
        self.client
            .borrow_mut()
            .get_or_insert_with(|| {
                let (dispatcher, report) = (self.dispatcher.clone(), self.report);
                SolverClient::start(Callback::from(move |r| dispatcher.dispatch(report(r))))
            })
            .clone()
    }

    /// Asks the worker, started first if need be, to do `job` for the board under
    /// `ticket`. False, with the reason reported to its concern, if it could not be asked:
    /// then nothing is pending.
    pub fn ask(&self, ticket: Ticket, job: Job) -> bool {
        let sent = self.client().borrow_mut().send(ticket, job);
        match sent {
            Ok(_) => true,
            Err(reason) => {
                self.dispatcher.dispatch((self.report)(Report::Failed {
                    ticket: Some(ticket),
                    reason,
                }));
                false
            }
        }
    }

    /// Ends what the worker is doing, if it runs.
    pub fn stop(&self) {
        if let Some(client) = self.client.borrow().as_ref() {
            client.borrow_mut().stop();
        }
    }

    /// Ends what the worker is doing for a board other than `ticket`'s, but a proof ahead
    /// (`SolverClient::stop_stale`).
    pub fn stop_stale(&self, ticket: Ticket) {
        if let Some(client) = self.client.borrow().as_ref() {
            client.borrow_mut().stop_stale(ticket);
        }
    }
}

/// A worker of the App's own, not yet started, whose reports `report` carries.
#[hook]
pub fn use_worker(state: &UseReducerHandle<State>, report: fn(Report) -> Action) -> Worker {
    let dispatcher = state.dispatcher();
    let worker = use_memo((), move |_| Worker {
        client: Rc::default(),
        dispatcher,
        report,
    });
    (*worker).clone()
}

/// The board a link in the address opens, read before the first render, so that a
/// variant's drawing and words are there from the start and nothing on the page moves
/// when it opens; `use_address` then opens the link (or the saved progress on it) as ever.
pub fn linked_board() -> Option<Board> {
    let location = web_sys::window()?.location();
    let (hash, query) = (location.hash().ok()?, location.search().ok()?);
    Some(link::board_in(&hash, &query)?.ok()?.board)
}

/// Whether this looks like a first visit before the first render: nothing saved and no
/// address to open but a made puzzle's short link. The page is then laid out for the
/// puzzle that `use_address` will have asked for (see `App`), so that nothing moves when
/// it comes.
pub fn fresh_visit() -> bool {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return false;
    };
    let empty = |part: &str| part.len() <= 1;
    let (hash, search) = (
        location.hash().unwrap_or_default(),
        location.search().unwrap_or_default(),
    );
    let made = link::made_in(&hash).is_some_and(|m| m.is_ok());
    storage::get(storage::KEY).is_none() && (empty(&hash) || made) && empty(&search)
}

/// What the address leaves the new-puzzle worker to make.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ToMake {
    Nothing,
    /// A first visit, with neither a saved board nor a link: today's puzzle.
    Today,
    /// A made puzzle's short link (`link::made_in`): the puzzle made again.
    Linked(Wanted, Seed),
}

/// The address: read once at start (the saved board, or a link) and at every change of
/// its fragment, and kept on the current puzzle at every change of the board. What it
/// leaves to be made: today's puzzle on a first visit, once the start has found neither a
/// saved board nor a link, or the puzzle a made puzzle's short link names.
#[hook]
pub fn use_address(state: &UseReducerHandle<State>) -> ToMake {
    let to_make = use_state(|| ToMake::Nothing);
    {
        let (state, to_make) = (state.clone(), to_make.clone());
        use_effect_with((), move |_| {
            to_make.set(open_from_address(&state, true));
            let hash_listener = web_sys::window().map(|window| {
                EventListener::new(&window, "hashchange", move |_| {
                    to_make.set(open_from_address(&state, false));
                })
            });
            move || drop(hash_listener)
        });
    }
    {
        let state = state.clone();
        use_effect_with(state.play.revision, move |_| show_in_address(&state.play));
    }
    *to_make
}

/// The progress is saved on every change of the board or mode, every ten seconds of play,
/// and when the page is hidden (a phone may end a hidden page without warning); the
/// settings and the statistics whenever they change.
#[hook]
pub fn use_autosave(state: &UseReducerHandle<State>) {
    {
        let state = state.clone();
        let play = &state.play;
        let due = (
            play.revision,
            play.mode,
            play.timer.elapsed_ms / 10_000,
            play.timer.finished,
            state.hidden,
        );
        use_effect_with(due, move |_| storage::save(&state.play, &state.game));
    }
    use_effect_with(state.settings, storage::save_settings);
    use_effect_with(state.stats.clone(), storage::save_stats);
}

/// Opens what the address asks for. At start-up the saved board comes first, and a link to
/// the very puzzle that was saved keeps the progress made on it; a damaged link changes
/// nothing and says why. What is left to make: today's puzzle if there was neither a saved
/// board nor a link to open (a first visit), or a made puzzle's short link's puzzle.
fn open_from_address(state: &UseReducerHandle<State>, starting: bool) -> ToMake {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return ToMake::Nothing;
    };
    let (hash, query) = (
        location.hash().unwrap_or_default(),
        location.search().unwrap_or_default(),
    );
    let (made, linked) = match link::made_in(&hash) {
        Some(Ok(seed_link)) => (Some(seed_link), None),
        Some(Err(message)) => (None, Some(Err(message))),
        None => (None, link::board_in(&hash, &query)),
    };
    if starting {
        let loaded = storage::load();
        // Nothing saved (an unreadable save is something: its notice says what follows)
        // and no puzzle linked: a link that cannot be opened leaves a first visit one,
        // which gets today's puzzle with the link's message.
        let first_visit =
            matches!(loaded, Ok(None)) && !matches!(linked, Some(Ok(_))) && made.is_none();
        let (saved, notice) = match loaded {
            Ok(saved) => (saved, None),
            Err(message) => (None, Some(message)),
        };
        let keep_saved = match (&saved, &linked) {
            (Some(((board, ..), _)), Some(Ok(from_link))) => {
                board.same_puzzle(&from_link.board) && !from_link.with_progress
            }
            (_, Some(Ok(_))) => false,
            // A made puzzle's short link to the very puzzle saved: no need to make it.
            (Some((_, game)), _) if made.is_some() => {
                game.origin
                    .as_ref()
                    .and_then(link::made_fragment)
                    .as_deref()
                    == Some(&*hash)
            }
            _ => made.is_none(),
        };
        let ((board, mode, history, timer), game) =
            saved.filter(|_| keep_saved).unwrap_or_else(|| {
                let empty = Board::empty(Shape::NINE);
                let nothing = (History::default(), Timer::default());
                (
                    (empty, Mode::Entering, nothing.0, nothing.1),
                    Game::default(),
                )
            });
        state.dispatch(Action::Game(GameAction::Restore(
            board, mode, history, timer,
        )));
        state.dispatch(Action::Game(GameAction::Resume(game)));
        if notice.is_some() {
            state.dispatch(Action::Page(PageAction::Notice(notice)));
        }
        if first_visit {
            if let Some(Err(message)) = linked {
                let message = link::instead_today(&message);
                state.dispatch(Action::Page(PageAction::LinkError(Some(message))));
            }
            return ToMake::Today;
        }
        if keep_saved && !matches!(linked, Some(Err(_))) {
            return ToMake::Nothing;
        }
    }
    match linked {
        Some(Ok(linked)) => {
            state.dispatch(Action::Game(GameAction::Open(linked.board, linked.timer)))
        }
        Some(Err(message)) => state.dispatch(Action::Page(PageAction::LinkError(Some(message)))),
        None => {}
    }
    match made {
        Some(seed_link) => {
            // Told over the title as a link that cannot open its own puzzle is, until
            // dismissed: under the pad it would push a hint off a phone's screen.
            if let Some(notice) = seed_link.notice() {
                state.dispatch(Action::Page(PageAction::LinkError(Some(notice))));
            }
            ToMake::Linked(seed_link.wanted, seed_link.seed)
        }
        None => ToMake::Nothing,
    }
}

/// Keeps the address bar on the current puzzle without adding history entries; a `?bd=`
/// query from another app is dropped once read.
fn show_in_address(play: &Play) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let fragment = link::address(play);
    let (hash, query) = (
        location.hash().unwrap_or_default(),
        location.search().unwrap_or_default(),
    );
    if hash == fragment && query.is_empty() {
        return;
    }
    let path = location.pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{fragment}")),
        );
    }
}
