//! Helpers shared by the browser test modules: a canvas on the test page, reading its pixels by
//! square, and pointer input the way a player gives it.

use boomchess_web::App;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, PointerEvent, PointerEventInit};

/// A canvas pixel: red, green, blue, alpha.
pub type Rgba = [u8; 4];

/// A fresh canvas of `css` × `css` CSS pixels, attached to the test page.
pub fn canvas(css: u32) -> HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .unwrap()
        .dyn_into()
        .unwrap();
    for (k, v) in [
        ("width", format!("{css}px")),
        ("height", format!("{css}px")),
        ("display", "block".to_owned()),
    ] {
        canvas.style().set_property(k, &v).unwrap();
    }
    document.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

/// The 2D context the board draws with.
pub fn context(app: &App) -> CanvasRenderingContext2d {
    app.canvas()
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap()
}

/// The pixel at a point of a square given as fractions (0..1) of the square's width and height.
pub fn pixel(app: &App, square: &str, fx: f64, fy: f64) -> Rgba {
    let layout = app.layout();
    let sq = layout.board.parse(square).expect("square on the board");
    let r = layout.square_rect(sq);
    let data = context(app)
        .get_image_data((r.x + fx * r.w).floor(), (r.y + fy * r.h).floor(), 1.0, 1.0)
        .unwrap()
        .data();
    [data[0], data[1], data[2], data[3]]
}

/// Whether two pixels are the same colour (within anti-aliasing noise).
pub fn near(a: Rgba, b: Rgba) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 3)
}

/// Sends a pointer event of `kind` at client point (`x`, `y`) to the board's canvas.
pub fn pointer(app: &App, kind: &str, x: f64, y: f64) {
    let init = PointerEventInit::new();
    init.set_client_x(x.round() as i32);
    init.set_client_y(y.round() as i32);
    init.set_button(0);
    init.set_bubbles(true);
    init.set_pointer_id(1);
    init.set_is_primary(true);
    init.set_pointer_type("mouse");
    let event = PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
    app.canvas().dispatch_event(&event).unwrap();
}

/// The centre of a square in client pixels.
pub fn center(app: &App, square: &str) -> (f64, f64) {
    app.square_center(square).expect("square on the board")
}

/// Clicks a square the way a player does: pointerdown and pointerup at its centre.
pub fn click(app: &App, square: &str) {
    let (x, y) = center(app, square);
    pointer(app, "pointerdown", x, y);
    pointer(app, "pointerup", x, y);
}
