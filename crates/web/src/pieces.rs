//! boomchess's own vector piece set, drawn with canvas paths (no font glyphs, no image files), so
//! it is crisp at any size and the same in every browser.
//!
//! Each piece is designed in a unit square (x to the right, y down, 0..1) and scaled into the
//! target square. Parts are filled and outlined one after another, so later parts overlap earlier
//! ones the way a carved piece's collar overlaps its body. Black pieces use the same shapes with a
//! dark fill and light detail lines. The two explosive pieces carry a red accent: the missile a
//! red warhead band, the flying bomber red bombs under its wings.

use web_sys::CanvasRenderingContext2d;

use boomchess_rules::{Color, Role};

/// Colours of one side's pieces.
struct Palette {
    fill: &'static str,
    outline: &'static str,
    detail: &'static str,
}

const WHITE: Palette = Palette {
    fill: "#f8f6f0",
    outline: "#1d1d1f",
    detail: "#1d1d1f",
};

const BLACK: Palette = Palette {
    fill: "#2f2d2b",
    outline: "#0b0b0b",
    detail: "#e9e5dc",
};

/// The red of warheads and bombs.
const ACCENT: &str = "#d8342b";

/// Fill colour of a side's pieces, as CSS text (tests compare pixels against it).
pub fn fill_color(color: Color) -> &'static str {
    palette(color).fill
}

fn palette(color: Color) -> &'static Palette {
    match color {
        Color::White => &WHITE,
        Color::Black => &BLACK,
    }
}

/// Maps unit-square coordinates into the target square and issues path commands.
struct Pen<'a> {
    ctx: &'a CanvasRenderingContext2d,
    x: f64,
    y: f64,
    s: f64,
}

impl Pen<'_> {
    fn px(&self, u: f64) -> f64 {
        self.x + u * self.s
    }
    fn py(&self, v: f64) -> f64 {
        self.y + v * self.s
    }
    fn begin(&self) {
        self.ctx.begin_path();
    }
    fn m(&self, x: f64, y: f64) {
        self.ctx.move_to(self.px(x), self.py(y));
    }
    fn l(&self, x: f64, y: f64) {
        self.ctx.line_to(self.px(x), self.py(y));
    }
    fn q(&self, cx: f64, cy: f64, x: f64, y: f64) {
        self.ctx
            .quadratic_curve_to(self.px(cx), self.py(cy), self.px(x), self.py(y));
    }
    #[allow(clippy::too_many_arguments)]
    fn c(&self, c1x: f64, c1y: f64, c2x: f64, c2y: f64, x: f64, y: f64) {
        self.ctx.bezier_curve_to(
            self.px(c1x),
            self.py(c1y),
            self.px(c2x),
            self.py(c2y),
            self.px(x),
            self.py(y),
        );
    }
    fn close(&self) {
        self.ctx.close_path();
    }
    /// A polygon through unit points.
    fn poly(&self, points: &[(f64, f64)]) {
        self.begin();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                self.m(x, y);
            } else {
                self.l(x, y);
            }
        }
        self.close();
    }
    /// A full circle as a path of its own.
    fn circle(&self, cx: f64, cy: f64, r: f64) {
        self.begin();
        // arc() only fails for a negative radius, which the unit shapes never use.
        let _ = self.ctx.arc(
            self.px(cx),
            self.py(cy),
            r * self.s,
            0.0,
            std::f64::consts::TAU,
        );
    }
    /// A rectangle with rounded ends (bases and collars).
    fn rounded(&self, x0: f64, y0: f64, x1: f64, y1: f64, r: f64) {
        self.begin();
        self.m(x0 + r, y0);
        self.l(x1 - r, y0);
        self.q(x1, y0, x1, y0 + r);
        self.l(x1, y1 - r);
        self.q(x1, y1, x1 - r, y1);
        self.l(x0 + r, y1);
        self.q(x0, y1, x0, y1 - r);
        self.l(x0, y0 + r);
        self.q(x0, y0, x0 + r, y0);
        self.close();
    }
    /// Fills the current path with the side's colour and outlines it.
    fn solid(&self, pal: &Palette) {
        self.ctx.set_fill_style_str(pal.fill);
        self.ctx.fill();
        self.ctx.set_stroke_style_str(pal.outline);
        self.ctx.stroke();
    }
    /// Fills the current path with a given colour and outlines it.
    fn solid_with(&self, fill: &str, pal: &Palette) {
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill();
        self.ctx.set_stroke_style_str(pal.outline);
        self.ctx.stroke();
    }
    /// Strokes the current path as an inner detail line.
    fn detail(&self, pal: &Palette) {
        self.ctx.set_stroke_style_str(pal.detail);
        self.ctx.stroke();
    }
    /// An open detail line through unit points.
    fn line(&self, pal: &Palette, points: &[(f64, f64)]) {
        self.begin();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                self.m(x, y);
            } else {
                self.l(x, y);
            }
        }
        self.detail(pal);
    }
}

/// Draws a piece into the square whose top-left corner is (`x`, `y`) and side is `size`, all in
/// the context's current units (device pixels on the board).
pub fn draw_piece(
    ctx: &CanvasRenderingContext2d,
    role: Role,
    color: Color,
    x: f64,
    y: f64,
    size: f64,
) {
    let pen = Pen { ctx, x, y, s: size };
    let pal = palette(color);
    ctx.save();
    ctx.set_line_width((size * 0.032).max(1.0));
    ctx.set_line_join("round");
    ctx.set_line_cap("round");
    match role {
        Role::Pawn => pawn(&pen, pal),
        Role::Knight => knight(&pen, pal),
        Role::Bishop => bishop(&pen, pal),
        Role::Rook => rook(&pen, pal),
        Role::Queen => queen(&pen, pal),
        Role::King => king(&pen, pal),
        Role::Missile => missile(&pen, pal),
        Role::Bomber => bomber(&pen, pal),
    }
    ctx.restore();
}

/// The common plinth every classic piece stands on.
fn base(p: &Pen, pal: &Palette) {
    p.rounded(0.22, 0.79, 0.78, 0.88, 0.035);
    p.solid(pal);
}

fn pawn(p: &Pen, pal: &Palette) {
    base(p, pal);
    p.begin();
    p.m(0.29, 0.80);
    p.c(0.29, 0.66, 0.40, 0.60, 0.42, 0.47);
    p.l(0.58, 0.47);
    p.c(0.60, 0.60, 0.71, 0.66, 0.71, 0.80);
    p.close();
    p.solid(pal);
    p.rounded(0.36, 0.44, 0.64, 0.51, 0.03);
    p.solid(pal);
    p.circle(0.5, 0.31, 0.12);
    p.solid(pal);
}

fn rook(p: &Pen, pal: &Palette) {
    base(p, pal);
    p.rounded(0.27, 0.72, 0.73, 0.80, 0.02);
    p.solid(pal);
    p.poly(&[(0.33, 0.73), (0.36, 0.38), (0.64, 0.38), (0.67, 0.73)]);
    p.solid(pal);
    p.poly(&[
        (0.27, 0.39),
        (0.27, 0.17),
        (0.36, 0.17),
        (0.36, 0.24),
        (0.45, 0.24),
        (0.45, 0.17),
        (0.55, 0.17),
        (0.55, 0.24),
        (0.64, 0.24),
        (0.64, 0.17),
        (0.73, 0.17),
        (0.73, 0.39),
    ]);
    p.solid(pal);
    // Masonry joints.
    p.line(pal, &[(0.36, 0.52), (0.64, 0.52)]);
    p.line(pal, &[(0.5, 0.52), (0.5, 0.62)]);
}

fn knight(p: &Pen, pal: &Palette) {
    base(p, pal);
    p.begin();
    p.m(0.33, 0.80);
    p.l(0.75, 0.80);
    p.c(0.79, 0.58, 0.74, 0.36, 0.60, 0.24);
    p.l(0.59, 0.12);
    p.l(0.51, 0.21);
    p.c(0.40, 0.21, 0.30, 0.30, 0.23, 0.44);
    p.l(0.18, 0.54);
    p.q(0.19, 0.62, 0.28, 0.61);
    p.l(0.40, 0.55);
    p.c(0.47, 0.58, 0.40, 0.70, 0.33, 0.80);
    p.close();
    p.solid(pal);
    // Eye, nostril and the line of the mane.
    p.circle(0.41, 0.34, 0.03);
    p.ctx.set_fill_style_str(pal.detail);
    p.ctx.fill();
    p.line(pal, &[(0.22, 0.53), (0.25, 0.52)]);
    p.begin();
    p.m(0.63, 0.30);
    p.c(0.70, 0.44, 0.71, 0.60, 0.68, 0.76);
    p.detail(pal);
}

fn bishop(p: &Pen, pal: &Palette) {
    base(p, pal);
    p.begin();
    p.m(0.40, 0.73);
    p.q(0.40, 0.80, 0.30, 0.80);
    p.l(0.70, 0.80);
    p.q(0.60, 0.80, 0.60, 0.73);
    p.close();
    p.solid(pal);
    p.begin();
    p.m(0.5, 0.20);
    p.c(0.67, 0.31, 0.70, 0.53, 0.61, 0.67);
    p.l(0.39, 0.67);
    p.c(0.30, 0.53, 0.33, 0.31, 0.5, 0.20);
    p.close();
    p.solid(pal);
    p.rounded(0.35, 0.65, 0.65, 0.73, 0.03);
    p.solid(pal);
    p.circle(0.5, 0.15, 0.055);
    p.solid(pal);
    // The mitre's slit.
    p.line(pal, &[(0.57, 0.33), (0.46, 0.49)]);
}

fn queen(p: &Pen, pal: &Palette) {
    base(p, pal);
    let tips = [
        (0.19, 0.33),
        (0.34, 0.24),
        (0.5, 0.20),
        (0.66, 0.24),
        (0.81, 0.33),
    ];
    p.begin();
    p.m(0.28, 0.80);
    p.l(tips[0].0, tips[0].1);
    p.l(0.36, 0.56);
    p.l(tips[1].0, tips[1].1);
    p.l(0.45, 0.53);
    p.l(tips[2].0, tips[2].1);
    p.l(0.55, 0.53);
    p.l(tips[3].0, tips[3].1);
    p.l(0.64, 0.56);
    p.l(tips[4].0, tips[4].1);
    p.l(0.72, 0.80);
    p.close();
    p.solid(pal);
    for (x, y) in tips {
        p.circle(x, y, 0.05);
        p.solid(pal);
    }
    p.line(pal, &[(0.29, 0.70), (0.71, 0.70)]);
}

fn king(p: &Pen, pal: &Palette) {
    base(p, pal);
    // Cross first, so the crown's outline overlaps its foot.
    p.poly(&[
        (0.465, 0.10),
        (0.535, 0.10),
        (0.535, 0.17),
        (0.59, 0.17),
        (0.59, 0.23),
        (0.535, 0.23),
        (0.535, 0.36),
        (0.465, 0.36),
        (0.465, 0.23),
        (0.41, 0.23),
        (0.41, 0.17),
        (0.465, 0.17),
    ]);
    p.solid(pal);
    p.begin();
    p.m(0.29, 0.80);
    p.c(0.13, 0.60, 0.22, 0.37, 0.40, 0.42);
    p.q(0.47, 0.44, 0.5, 0.52);
    p.q(0.53, 0.44, 0.60, 0.42);
    p.c(0.78, 0.37, 0.87, 0.60, 0.71, 0.80);
    p.close();
    p.solid(pal);
    p.line(pal, &[(0.5, 0.52), (0.5, 0.69)]);
    p.line(pal, &[(0.29, 0.70), (0.71, 0.70)]);
}

/// The Stratomic missile: an upright rocket with fins and a red warhead band.
fn missile(p: &Pen, pal: &Palette) {
    // Fins behind the body.
    p.poly(&[(0.39, 0.50), (0.21, 0.70), (0.21, 0.82), (0.39, 0.72)]);
    p.solid(pal);
    p.poly(&[(0.61, 0.50), (0.79, 0.70), (0.79, 0.82), (0.61, 0.72)]);
    p.solid(pal);
    // Nozzle.
    p.poly(&[(0.42, 0.74), (0.58, 0.74), (0.63, 0.86), (0.37, 0.86)]);
    p.solid(pal);
    // Body.
    p.begin();
    p.m(0.5, 0.08);
    p.c(0.60, 0.17, 0.625, 0.30, 0.625, 0.42);
    p.l(0.625, 0.76);
    p.l(0.375, 0.76);
    p.l(0.375, 0.42);
    p.c(0.375, 0.30, 0.40, 0.17, 0.5, 0.08);
    p.close();
    p.solid(pal);
    // Warhead band.
    p.begin();
    p.m(0.405, 0.25);
    p.l(0.595, 0.25);
    p.l(0.612, 0.32);
    p.l(0.388, 0.32);
    p.close();
    p.solid_with(ACCENT, pal);
    // Porthole and the fin's centre line.
    p.circle(0.5, 0.47, 0.05);
    p.detail(pal);
    p.line(pal, &[(0.5, 0.60), (0.5, 0.72)]);
}

/// The flying bomber: an aeroplane seen from above, nose up, with two red bombs under its wings.
fn bomber(p: &Pen, pal: &Palette) {
    // Wings, swept back.
    p.poly(&[
        (0.44, 0.36),
        (0.08, 0.56),
        (0.08, 0.64),
        (0.44, 0.56),
        (0.56, 0.56),
        (0.92, 0.64),
        (0.92, 0.56),
        (0.56, 0.36),
    ]);
    p.solid(pal);
    // Tail plane.
    p.poly(&[
        (0.46, 0.70),
        (0.30, 0.81),
        (0.30, 0.87),
        (0.5, 0.83),
        (0.70, 0.87),
        (0.70, 0.81),
        (0.54, 0.70),
    ]);
    p.solid(pal);
    // Fuselage.
    p.begin();
    p.m(0.5, 0.08);
    p.c(0.555, 0.10, 0.565, 0.19, 0.565, 0.28);
    p.l(0.565, 0.72);
    p.l(0.525, 0.88);
    p.l(0.475, 0.88);
    p.l(0.435, 0.72);
    p.l(0.435, 0.28);
    p.c(0.435, 0.19, 0.445, 0.10, 0.5, 0.08);
    p.close();
    p.solid(pal);
    // Cockpit.
    p.begin();
    p.m(0.5, 0.16);
    p.q(0.535, 0.19, 0.53, 0.25);
    p.l(0.47, 0.25);
    p.q(0.465, 0.19, 0.5, 0.16);
    p.close();
    p.detail(pal);
    // Bombs.
    p.circle(0.27, 0.53, 0.045);
    p.solid_with(ACCENT, pal);
    p.circle(0.73, 0.53, 0.045);
    p.solid_with(ACCENT, pal);
}
