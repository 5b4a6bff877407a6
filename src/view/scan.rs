//! Scanning a puzzle: the "Scan" dialog (camera, file picker, drop and paste), the image
//! decoded by the browser and read in a worker of its own, and the review, where the reading
//! sits beside the straightened grid to be corrected and accepted.
//!
//! # A scan, from the image to the board
//!
//! Scan, a dropped image or a pasted one reaches `Scanning::image` (`view/scan.rs`), which
//! takes a new scan ticket from its own counter and dispatches
//! `ScanAction::Scanning(ticket)`. The browser decodes the file and scales it to at most
//! 1100 pixels (`createImageBitmap`), the weights come from `digits.bin` (fetched once,
//! when the dialog first opens), and `Job::Scan` with the RGBA pixels (one `Uint8Array`,
//! `serde_bytes`) goes to a fourth worker, started with the first image. The worker reads
//! the grid (`sudoku_scan::read`) and reviews it (`worker/scan.rs`: `review`): the exact
//! solver's verdict within a node budget, and, when there is no solution, the least sure
//! cells whose second reading or blank would give one. The page shows the straightened grid
//! beside the reading. A correction dispatches `ScanAction::Correct` under a new ticket and
//! sends `Job::Review`; an answer under any other ticket is dropped (`Scanner::report`).
//! Accept opens the reading through `Change::Opened`, like a paste. A decoding failure
//! (`ScanAction::Failed`), an `Unreadable` answer or a failed worker leaves the board alone
//! and says why in the dialog.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use sudoku_engine::symbols::{symbol, value_of};
use wasm_bindgen::{Clamped, JsCast};
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{
    Blob, CanvasRenderingContext2d, HtmlCanvasElement, HtmlDialogElement, HtmlInputElement,
    ImageBitmap, ImageBitmapOptions, ImageData, ResizeQuality, Response,
};
use yew::prelude::*;

use crate::protocol::{Job, Ticket};
use crate::state::{Action, ScanAction, ScanPhase, State, Transcript};
use crate::view::hooks::Worker;

/// The classifier's weights, beside the page. Fetched when scanning is first wanted, so
/// they cost the first load nothing; the service worker keeps them for offline use.
const WEIGHTS_URL: &str = "./digits.bin";
/// Images are scaled down to at most this many pixels on their longer side before they
/// go to the worker: the reader works at about a megapixel, and a 12-megapixel photo
/// would be 48 MB of pixels to copy.
const MAX_SIDE: u32 = 1100;

/// What scanning needs, shared by the dialog, the page's paste and its drop.
#[derive(Clone)]
pub struct Scanning {
    worker: Worker,
    weights: Rc<RefCell<Option<Rc<Vec<u8>>>>>,
    tickets: Rc<Cell<u32>>,
    dispatcher: UseReducerDispatcher<State>,
}

impl PartialEq for Scanning {
    fn eq(&self, other: &Scanning) -> bool {
        self.worker == other.worker
    }
}

impl Scanning {
    pub fn new(worker: Worker, dispatcher: UseReducerDispatcher<State>) -> Scanning {
        Scanning {
            worker,
            weights: Rc::default(),
            tickets: Rc::default(),
            dispatcher,
        }
    }

    fn next_ticket(&self) -> Ticket {
        self.tickets.set(self.tickets.get() + 1);
        Ticket {
            revision: self.tickets.get(),
            side: 0,
        }
    }

    /// Reads the puzzle in an image file: decoded here by the browser, read in the worker.
    pub fn image(&self, image: Blob) {
        let ticket = self.next_ticket();
        self.dispatcher
            .dispatch(Action::Scan(ScanAction::Scanning(ticket)));
        let this = self.clone();
        spawn_local(async move {
            let job = async {
                let weights = this.weights().await?;
                let (width, height, rgba) = pixels(&image).await?;
                Ok::<_, String>(Job::Scan {
                    width,
                    height,
                    rgba,
                    weights: weights.to_vec(),
                })
            };
            match job.await {
                Ok(job) => this.send(ticket, job),
                Err(why) => this
                    .dispatcher
                    .dispatch(Action::Scan(ScanAction::Failed(ticket, why))),
            }
        });
    }

    /// Corrects a cell of the reading under a new ticket; the dialog then has it reviewed.
    pub fn correct(&self, cell: usize, digit: u8) {
        let ticket = self.next_ticket();
        self.dispatcher
            .dispatch(Action::Scan(ScanAction::Correct(cell, digit, ticket)));
    }

    /// Asks the solver about a corrected reading.
    fn review(&self, ticket: Ticket, reading: &Transcript) {
        let job = Job::Review {
            cells: reading.cells.clone(),
            confidence: reading.confidence.clone(),
            second: reading.second.clone(),
        };
        self.send(ticket, job);
    }

    /// Ends any reading under way.
    pub fn stop(&self) {
        self.worker.stop();
    }

    /// Fetches the weights once, so that the first image need not wait for them (and
    /// scanning works offline once the dialog has been opened).
    pub fn prefetch(&self) {
        let this = self.clone();
        spawn_local(async move {
            let _ = this.weights().await;
        });
    }

    async fn weights(&self) -> Result<Rc<Vec<u8>>, String> {
        if let Some(weights) = self.weights.borrow().as_ref() {
            return Ok(weights.clone());
        }
        let fetched = Rc::new(fetch_bytes(WEIGHTS_URL).await.map_err(|why| {
            format!("The digit reader could not be loaded ({why}). Scanning needs one visit online first.")
        })?);
        *self.weights.borrow_mut() = Some(fetched.clone());
        Ok(fetched)
    }

    fn send(&self, ticket: Ticket, job: Job) {
        self.worker.ask(ticket, job);
    }
}

/// The body of the file at `url`, beside the page, or why not (offline, an HTTP status).
pub(super) async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response: Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| "offline".to_string())?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let buffer = response.array_buffer().map_err(|_| "unreadable")?;
    let buffer = JsFuture::from(buffer).await.map_err(|_| "cut off")?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The image's RGBA pixels, scaled to at most `MAX_SIDE`, decoded by the browser.
async fn pixels(image: &Blob) -> Result<(u32, u32, Vec<u8>), String> {
    const NOT_AN_IMAGE: &str =
        "This file is not an image the browser can open: choose a photo or a screenshot (JPEG, PNG, WebP).";
    let window = web_sys::window().ok_or("no window")?;
    let decoding = window
        .create_image_bitmap_with_blob(image)
        .map_err(|_| NOT_AN_IMAGE)?;
    let bitmap: ImageBitmap = JsFuture::from(decoding)
        .await
        .map_err(|_| NOT_AN_IMAGE)?
        .unchecked_into();
    let (w, h) = (bitmap.width(), bitmap.height());
    let scale = (f64::from(MAX_SIDE) / f64::from(w.max(h))).min(1.0);
    let (w, h) = (
        ((f64::from(w) * scale).round() as u32).max(1),
        ((f64::from(h) * scale).round() as u32).max(1),
    );
    // The browser scales it down, averaging as it goes: a canvas would only sample.
    let options = ImageBitmapOptions::new();
    options.set_resize_width(w);
    options.set_resize_height(h);
    options.set_resize_quality(ResizeQuality::High);
    let resizing = window
        .create_image_bitmap_with_image_bitmap_and_image_bitmap_options(&bitmap, &options)
        .map_err(|_| NOT_AN_IMAGE)?;
    let small: ImageBitmap = JsFuture::from(resizing)
        .await
        .map_err(|_| NOT_AN_IMAGE)?
        .unchecked_into();
    bitmap.close();
    let canvas: HtmlCanvasElement = window
        .document()
        .and_then(|d| d.create_element("canvas").ok())
        .ok_or("no canvas")?
        .unchecked_into();
    canvas.set_width(w);
    canvas.set_height(h);
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .ok_or("no canvas")?
        .unchecked_into();
    context
        .draw_image_with_image_bitmap(&small, 0.0, 0.0)
        .map_err(|_| NOT_AN_IMAGE)?;
    small.close();
    let data = context
        .get_image_data(0.0, 0.0, w.into(), h.into())
        .map_err(|_| "the image's pixels could not be read")?;
    Ok((w, h, data.data().0))
}

/// The first image among files dropped or pasted.
pub fn first_image(files: Option<web_sys::FileList>) -> Option<Blob> {
    let files = files?;
    let file = (0..files.length())
        .filter_map(|i| files.get(i))
        .find(|f| f.type_().starts_with("image/"))
        .or_else(|| files.get(0))?;
    Some(file.into())
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub state: UseReducerHandle<State>,
    pub scanning: Scanning,
}

#[function_component]
pub fn ScanDialog(props: &Props) -> Html {
    let state = &props.state;
    let scanner = &state.scanner;
    let dialog = use_node_ref();
    let camera = use_node_ref();
    let picker = use_node_ref();
    {
        let (dialog, scanning) = (dialog.clone(), props.scanning.clone());
        use_effect_with(scanner.open, move |&open| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                match (open, dialog.open()) {
                    (true, false) => {
                        let _ = dialog.show_modal();
                        scanning.prefetch();
                    }
                    (false, true) => dialog.close(),
                    _ => {}
                }
            }
        });
    }
    // A correction leaves the reading without a review: ask for one, as the state has it.
    {
        let (state, scanning) = (state.clone(), props.scanning.clone());
        use_effect_with(scanner.ticket, move |&ticket| {
            if let ScanPhase::Review(reading) = &state.scanner.phase {
                if reading.review.is_none() {
                    scanning.review(ticket, reading);
                }
            }
        });
    }
    let close = {
        let (dispatcher, scanning) = (state.dispatcher(), props.scanning.clone());
        move || {
            scanning.stop();
            dispatcher.dispatch(Action::Scan(ScanAction::Show(false)));
        }
    };
    let onclose = {
        let close = close.clone();
        Callback::from(move |_: Event| close())
    };
    let on_cancel = Callback::from(move |_: MouseEvent| close());
    let open = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_| dispatcher.dispatch(Action::Scan(ScanAction::Show(true))))
    };
    let click = |input: &NodeRef| {
        let input = input.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(input) = input.cast::<HtmlInputElement>() {
                input.click();
            }
        })
    };
    let chosen = {
        let scanning = props.scanning.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(image) = first_image(input.files()) {
                scanning.image(image);
            }
            // The same file chosen again must still fire `change`.
            input.set_value("");
        })
    };
    let accept = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(Action::Scan(ScanAction::Accept)))
    };
    let reading = match &scanner.phase {
        ScanPhase::Review(reading) => Some(reading),
        _ => None,
    };
    let message = match &scanner.phase {
        ScanPhase::Idle => {
            "Take a photo of a puzzle, or choose, drop or paste an image of one.".to_string()
        }
        ScanPhase::Reading => "Reading the image…".into(),
        ScanPhase::Failed(why) => why.clone(),
        ScanPhase::Review(reading) => reading.status(),
    };
    html! {
        <>
            <button class="scan" onclick={open}>{ "Scan" }</button>
            <dialog ref={dialog} class="maker scanner" aria-labelledby="scan-title" {onclose}>
                <h2 id="scan-title">{ "Scan a puzzle" }</h2>
                <input ref={camera.clone()} type="file" accept="image/*" capture="environment" hidden=true
                    id="scan-camera" onchange={chosen.clone()} />
                <input ref={picker.clone()} type="file" accept="image/*" hidden=true
                    id="scan-file" onchange={chosen} />
                if let Some(reading) = reading {
                    <Review reading={reading.clone()} scanning={props.scanning.clone()} />
                }
                <p id="scan-status" class="maker-status" aria-live="polite">{ message }</p>
                <div class="row-of-buttons">
                    if reading.is_some() {
                        <button class="accept" onclick={accept}>{ "Accept" }</button>
                    }
                    <button onclick={click(&camera)}>{ "Take a photo" }</button>
                    <button onclick={click(&picker)}>{ "Choose an image" }</button>
                    <button onclick={on_cancel}>{ "Cancel" }</button>
                </div>
            </dialog>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct ReviewProps {
    reading: Transcript,
    scanning: Scanning,
}

/// The reading beside the straightened grid, each cell a field to correct.
#[function_component]
fn Review(props: &ReviewProps) -> Html {
    let reading = &props.reading;
    let canvas = use_node_ref();
    {
        let canvas = canvas.clone();
        use_effect_with(reading.image.clone(), move |image| draw(&canvas, image));
    }
    let n = reading.side();
    let shape = sudoku_engine::Shape::for_side(n).unwrap_or(sudoku_engine::Shape::NINE);
    let suspects = reading
        .review
        .as_ref()
        .map_or(&[][..], |r| r.suspects.as_slice());
    let cells = (0..n * n).map(|cell| {
        let (r, c) = (cell / n + 1, cell % n + 1);
        let digit = reading.cells[cell];
        let unsure = digit != 0 && reading.unsure(cell);
        let suspect = suspects.contains(&cell);
        // Box edges, drawn thick as on the board.
        let right = c % shape.box_cols() == 0 && c < n;
        let below = r % shape.box_rows() == 0 && r < n;
        let mut label = format!("Row {r}, column {c}");
        if suspect {
            label.push_str(", likely misread");
        } else if unsure {
            label.push_str(", read with low confidence");
        }
        html! {
            <input class={classes!("scan-cell", unsure.then_some("unsure"), suspect.then_some("suspect"), right.then_some("box-right"), below.then_some("box-below"))}
                id={format!("scan-cell-{cell}")} aria-label={label} value={shown(digit)}
                inputmode={if n <= 9 { "numeric" } else { "text" }} autocomplete="off" />
        }
    });
    // One handler for every field: which cell it is comes from the field's id.
    let oninput = {
        let (scanning, cells) = (props.scanning.clone(), reading.cells.clone());
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let Some(cell) = input
                .id()
                .strip_prefix("scan-cell-")
                .and_then(|c| c.parse::<usize>().ok())
                .filter(|&c| c < cells.len())
            else {
                return;
            };
            let digit = match input.value().trim().chars().last() {
                None => Some(0),
                Some(ch) => value_of(ch).filter(|&v| usize::from(v) <= n),
            };
            match digit {
                Some(digit) => {
                    input.set_value(&shown(digit));
                    scanning.correct(cell, digit);
                }
                None => input.set_value(&shown(cells[cell])),
            }
        })
    };
    let side = reading.image.0;
    html! {
        <div class="scan-review">
            <canvas ref={canvas} width={side.to_string()} height={side.to_string()} class="scan-image"
                role="img" aria-label="The grid as found in the image, straightened" />
            <div class="scan-grid" style={format!("--n: {n}")} role="group" aria-label="The puzzle as read" {oninput}>
                { for cells }
            </div>
            <p class="scan-legend">{ "Dotted: read with low confidence. Red: likely misread." }</p>
        </div>
    }
}

fn shown(digit: u8) -> String {
    match digit {
        0 => String::new(),
        d => symbol(d).to_string(),
    }
}

/// Paints the straightened grid's grey pixels.
fn draw(canvas: &NodeRef, image: &Rc<(u16, Vec<u8>)>) {
    let (side, grey) = (&image.0, &image.1);
    let Some(canvas) = canvas.cast::<HtmlCanvasElement>() else {
        return;
    };
    let Some(context) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let rgba: Vec<u8> = grey.iter().flat_map(|&g| [g, g, g, 255]).collect();
    if let Ok(data) = ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&rgba),
        u32::from(*side),
        u32::from(*side),
    ) {
        let _ = context.put_image_data(&data, 0.0, 0.0);
    }
}
