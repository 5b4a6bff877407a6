//! The page's side of a solver worker: sends requests, drops stale answers, and cancels a
//! search that outlived its grace by terminating the worker and starting a fresh one.
//!
//! Invariants: only the answer to the newest request reaches the UI; at most one worker
//! exists at a time; a request is pending only once it could be encoded; a worker that
//! fails is replaced and the newest request sent once more, and a second failure is
//! reported, so nothing waits for ever; a worker from another build is never listened to.
//!
//! # Why a hand-written worker bridge
//!
//! gloo-worker 0.6 cannot terminate a busy worker: dropping its bridge only queues a
//! `Destroy` message, which a worker stuck in a search never reads. Stopping a runaway
//! count needs `Worker::terminate`, so `client.rs` uses `web_sys::Worker` directly, with
//! serde messages as bytes (`protocol::encode`).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::Callback;

use crate::protocol::{decode, encode, Job, Message, Order, Report, Ticket, BUILD};

/// The worker's loader script, beside the page; it loads this same wasm module.
const WORKER_URL: &str = "./worker.js";
/// How long a stale search may keep running before its worker is replaced.
pub const GRACE_MS: u32 = 300;

pub type Client = Rc<RefCell<SolverClient>>;

/// The newest request, encoded once: it may be posted twice (after a failure).
#[derive(Clone)]
struct Pending {
    id: u32,
    ticket: Ticket,
    value: JsValue,
    /// A proof ahead (`Job::Prove`): about the puzzle, whatever its board shows.
    lasting: bool,
}

pub struct SolverClient {
    worker: Option<Worker>,
    ready: bool,
    /// Requests posted and not yet answered, oldest first.
    outstanding: Vec<u32>,
    /// Whether the newest request waits for the worker to load.
    queued: bool,
    newest: Option<Pending>,
    /// The newest request (or the idle worker) has had its second chance after a failure.
    retried: bool,
    /// The worker came from another build; nothing more is asked until the page reloads.
    outdated: bool,
    next_id: u32,
    on_report: Callback<Report>,
    handlers: Vec<Closure<dyn FnMut(Event)>>,
    /// The handlers of the worker ended last. One of them may be running right now (a
    /// failure ends its own worker), so they are dropped only at the next ending.
    retired: Vec<Closure<dyn FnMut(Event)>>,
    grace: Option<Timeout>,
    me: Weak<RefCell<SolverClient>>,
}

impl SolverClient {
    /// Starts the worker. `on_report` hears progress and answers for the newest request
    /// only, and what became of the worker.
    pub fn start(on_report: Callback<Report>) -> Client {
        let client = Rc::new(RefCell::new(SolverClient {
            worker: None,
            ready: false,
            outstanding: Vec::new(),
            queued: false,
            newest: None,
            retried: false,
            outdated: false,
            next_id: 1,
            on_report,
            handlers: Vec::new(),
            retired: Vec::new(),
            grace: None,
            me: Weak::new(),
        }));
        client.borrow_mut().me = Rc::downgrade(&client);
        client.borrow_mut().spawn();
        client
    }

    /// Sends a job about the board `ticket`; any earlier request becomes stale. An error
    /// says why the job could not be asked, and then nothing is pending.
    pub fn send(&mut self, ticket: Ticket, job: Job) -> Result<u32, String> {
        if self.outdated {
            return Err("this page is older than the app now installed; reload it".into());
        }
        let lasting = matches!(job, Job::Prove { .. });
        let request = Order {
            id: self.next_id,
            ticket,
            job,
        };
        let value: JsValue = js_sys::Uint8Array::from(
            &encode(&request)
                .map_err(|e| format!("the request could not be sent to the solver: {e}"))?[..],
        )
        .into();
        self.next_id += 1;
        self.retried = false;
        let stale_running = !self.outstanding.is_empty();
        let pending = Pending {
            id: request.id,
            ticket,
            value,
            lasting,
        };
        self.newest = Some(pending.clone());
        if self.worker.is_none() {
            self.spawn();
        }
        if let Err(reason) = self.post(&pending) {
            self.newest = None;
            self.queued = false;
            return Err(reason);
        }
        if stale_running && self.grace.is_none() {
            let me = self.me.clone();
            self.grace = Some(Timeout::new(GRACE_MS, move || {
                if let Some(client) = me.upgrade() {
                    client.borrow_mut().end_grace();
                }
            }));
        }
        Ok(request.id)
    }

    /// Cancels whatever is running; nothing more is reported for it.
    pub fn stop(&mut self) {
        self.newest = None;
        self.queued = false;
        if !self.outstanding.is_empty() {
            self.respawn();
        }
    }

    /// Cancels what was asked about a board other than `ticket`'s, but a proof ahead; a
    /// request about this board (asked as it changed, before this was called) goes on.
    pub fn stop_stale(&mut self, ticket: Ticket) {
        if !self
            .newest
            .as_ref()
            .is_some_and(|n| n.ticket == ticket || n.lasting)
        {
            self.stop();
        }
    }

    fn end_grace(&mut self) {
        self.grace = None;
        let newest = self.newest.as_ref().map(|r| r.id);
        if self.outstanding.iter().any(|&id| Some(id) != newest) {
            self.respawn();
        }
    }

    fn terminate(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        // Only a worker that had handlers retires them: a second ending in the same event
        // must not drop the handler that is running.
        if !self.handlers.is_empty() {
            self.retired = std::mem::take(&mut self.handlers);
        }
        self.outstanding.clear();
        self.ready = false;
    }

    fn respawn(&mut self) {
        self.terminate();
        self.spawn();
        if let Some(newest) = self.newest.clone() {
            // The worker has not loaded yet, so this only queues.
            let _ = self.post(&newest);
        }
    }

    fn spawn(&mut self) {
        self.ready = false;
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let Ok(worker) = Worker::new_with_options(WORKER_URL, &options) else {
            web_sys::console::error_1(&"the solver worker could not start".into());
            return;
        };
        for event in ["message", "error", "messageerror"] {
            let me = self.me.clone();
            let handler = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
                let Some(client) = me.upgrade() else { return };
                // Reported outside the borrow: the reducer may ask for more at once.
                let report = client.borrow_mut().hear(e);
                let callback = client.borrow().on_report.clone();
                if let Some(report) = report {
                    callback.emit(report);
                }
            });
            let _ =
                worker.add_event_listener_with_callback(event, handler.as_ref().unchecked_ref());
            self.handlers.push(handler);
        }
        // The module this page compiled, so that the worker need not compile it again. If
        // it cannot be sent, anything else makes the worker fetch and compile its own.
        if worker.post_message(&wasm_bindgen::module()).is_err() {
            let _ = worker.post_message(&JsValue::NULL);
        }
        self.worker = Some(worker);
    }

    fn post(&mut self, request: &Pending) -> Result<(), String> {
        let Some(worker) = &self.worker else {
            return Err("the solver could not be started".into());
        };
        if !self.ready {
            self.queued = true;
            return Ok(());
        }
        worker
            .post_message(&request.value)
            .map_err(|e| format!("the request could not be sent to the solver: {e:?}"))?;
        self.outstanding.push(request.id);
        Ok(())
    }

    /// Books an event from the worker; returns what to tell the UI.
    fn hear(&mut self, event: Event) -> Option<Report> {
        if event.type_() != "message" {
            // It failed to load, threw (a panic in the wasm), or sent what cannot be read.
            web_sys::console::error_1(
                &format!("the solver worker failed: {}", event.type_()).into(),
            );
            return Some(self.failed());
        }
        let data = event.unchecked_into::<MessageEvent>().data();
        // Messages of this build always decode: one that does not is from another build.
        let bytes = js_sys::Reflect::get(&data, &"bytes".into()).unwrap_or_default();
        let Ok(message) = decode::<Message>(&js_sys::Uint8Array::new(&bytes).to_vec()) else {
            return Some(self.outdated());
        };
        self.receive(message)
    }

    fn receive(&mut self, message: Message) -> Option<Report> {
        let newest = self.newest.as_ref().map(|r| r.id);
        match message {
            Message::Ready { build } if build != BUILD => Some(self.outdated()),
            Message::Ready { .. } => {
                self.ready = true;
                let queued = std::mem::take(&mut self.queued);
                match self.newest.clone().filter(|_| queued) {
                    Some(newest) => self.post(&newest).err().map(|reason| {
                        self.newest = None;
                        Report::Failed {
                            ticket: Some(newest.ticket),
                            reason,
                        }
                    }),
                    None => None,
                }
            }
            Message::Progress { id, ticket, nodes } => {
                (Some(id) == newest).then_some(Report::Progress { ticket, nodes })
            }
            Message::Done {
                id,
                ticket,
                answer,
                micros,
            } => {
                self.outstanding.retain(|&o| o != id);
                if Some(id) != newest {
                    return None;
                }
                self.newest = None;
                Some(Report::Done {
                    ticket,
                    answer,
                    micros,
                })
            }
        }
    }

    /// The worker failed: start a fresh one and send the newest request once more, or, if
    /// that was done already, give up on the request and say so.
    fn failed(&mut self) -> Report {
        if self.retried {
            self.terminate();
            self.queued = false;
            return Report::Failed {
                ticket: self.newest.take().map(|r| r.ticket),
                reason: "the solver failed twice in a row".into(),
            };
        }
        self.retried = true;
        self.respawn();
        Report::Restarted
    }

    fn outdated(&mut self) -> Report {
        self.terminate();
        self.outdated = true;
        self.newest = None;
        self.queued = false;
        Report::Outdated
    }
}

impl Drop for SolverClient {
    fn drop(&mut self) {
        self.terminate();
    }
}
