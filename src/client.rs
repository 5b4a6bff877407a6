//! The page's side of the solver worker: sends requests, drops stale answers, and cancels a
//! search that outlived its grace by terminating the worker and starting a fresh one.
//!
//! Invariants: only the answer to the newest request reaches the UI, and at most one
//! worker exists at a time.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::Callback;

use crate::protocol::{Job, Message, Request};

/// The worker's loader script, beside the page; it loads this same wasm module.
const WORKER_URL: &str = "./worker.js";
/// How long a stale search may keep running before its worker is replaced.
pub const GRACE_MS: u32 = 300;

pub type Client = Rc<RefCell<SolverClient>>;

pub struct SolverClient {
    worker: Option<Worker>,
    ready: bool,
    /// Requests posted and not yet answered, oldest first.
    outstanding: Vec<u32>,
    /// Requests waiting for the worker to load.
    queue: Vec<Request>,
    newest: Option<Request>,
    next_id: u32,
    on_message: Callback<Message>,
    handler: Option<Closure<dyn FnMut(MessageEvent)>>,
    grace: Option<Timeout>,
    me: Weak<RefCell<SolverClient>>,
}

impl SolverClient {
    /// Starts the worker. `on_message` receives progress and answers for the newest
    /// request only.
    pub fn start(on_message: Callback<Message>) -> Client {
        let client = Rc::new(RefCell::new(SolverClient {
            worker: None,
            ready: false,
            outstanding: Vec::new(),
            queue: Vec::new(),
            newest: None,
            next_id: 1,
            on_message,
            handler: None,
            grace: None,
            me: Weak::new(),
        }));
        client.borrow_mut().me = Rc::downgrade(&client);
        client.borrow_mut().spawn();
        client
    }

    /// Sends a job; any earlier request becomes stale.
    pub fn send(&mut self, job: Job) -> u32 {
        let request = Request {
            id: self.next_id,
            job,
        };
        self.next_id += 1;
        let stale_running = !self.outstanding.is_empty();
        self.newest = Some(request.clone());
        self.post(request.clone());
        if stale_running && self.grace.is_none() {
            let me = self.me.clone();
            self.grace = Some(Timeout::new(GRACE_MS, move || {
                if let Some(client) = me.upgrade() {
                    client.borrow_mut().end_grace();
                }
            }));
        }
        request.id
    }

    /// Cancels whatever is running; nothing more is reported for it.
    pub fn stop(&mut self) {
        self.newest = None;
        if !self.outstanding.is_empty() {
            self.respawn();
        }
    }

    fn end_grace(&mut self) {
        self.grace = None;
        let newest = self.newest.as_ref().map(|r| r.id);
        if self.outstanding.iter().any(|&id| Some(id) != newest) {
            self.respawn();
        }
    }

    fn respawn(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        self.outstanding.clear();
        self.queue.clear();
        self.spawn();
        if let Some(newest) = self.newest.clone() {
            self.post(newest);
        }
    }

    fn spawn(&mut self) {
        self.ready = false;
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = match Worker::new_with_options(WORKER_URL, &options) {
            Ok(worker) => worker,
            Err(_) => {
                web_sys::console::error_1(&"the solver worker could not start".into());
                return;
            }
        };
        let me = self.me.clone();
        let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Ok(message) = serde_wasm_bindgen::from_value::<Message>(event.data()) else {
                return;
            };
            if let Some(client) = me.upgrade() {
                let deliver = client.borrow_mut().receive(message);
                if let Some((callback, message)) = deliver {
                    callback.emit(message);
                }
            }
        });
        worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        self.handler = Some(handler);
        self.worker = Some(worker);
    }

    fn post(&mut self, request: Request) {
        if !self.ready {
            self.queue.push(request);
            return;
        }
        let Some(worker) = &self.worker else { return };
        if let Ok(value) = serde_wasm_bindgen::to_value(&request) {
            if worker.post_message(&value).is_ok() {
                self.outstanding.push(request.id);
            }
        }
    }

    /// Books a message from the worker; returns what to tell the UI, outside the borrow.
    fn receive(&mut self, message: Message) -> Option<(Callback<Message>, Message)> {
        let newest = self.newest.as_ref().map(|r| r.id);
        match &message {
            Message::Ready => {
                self.ready = true;
                // Only the newest queued request still matters.
                let queued = std::mem::take(&mut self.queue);
                if let Some(last) = queued.into_iter().last() {
                    self.post(last);
                }
                None
            }
            Message::Progress { id, .. } => {
                (Some(*id) == newest).then(|| (self.on_message.clone(), message))
            }
            Message::Done { id, .. } => {
                self.outstanding.retain(|o| o != id);
                if Some(*id) != newest {
                    return None;
                }
                self.newest = None;
                Some((self.on_message.clone(), message))
            }
        }
    }
}

impl Drop for SolverClient {
    fn drop(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
    }
}
