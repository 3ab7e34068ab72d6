//! Draws the whole board (squares, highlights, coordinates, pieces, move markers) for one frame.
//!
//! Drawing is a pure function of the game state and the layout: the app redraws everything after
//! each change, which for at most 100 squares takes well under a millisecond.

use web_sys::CanvasRenderingContext2d;

use crate::game::{Game, Target};
use crate::geometry::{Layout, Rect};
use crate::pieces::draw_piece;
use boomchess_rules::{Color, Move, Role, Square, VariantPosition};

/// Board colours, as CSS colour text.
pub struct Theme {
    /// Light squares.
    pub light: &'static str,
    /// Dark squares.
    pub dark: &'static str,
    /// Wash over the selected piece's square.
    pub selected: &'static str,
    /// Wash over the last move's squares.
    pub last_move: &'static str,
    /// Wash over the squares the last move blasted or took.
    pub removed: &'static str,
    /// Wash over a move queued while the computer thinks (a premove).
    pub premove: &'static str,
    /// Dots and rings on the selected piece's targets.
    pub target: &'static str,
    /// Markers of launch targets (Stratomic).
    pub launch: &'static str,
    /// Glow under a king in check.
    pub check: &'static str,
    /// Outline of the keyboard cursor.
    pub cursor: &'static str,
    /// Veil over the board while the promotion picker is open.
    pub veil: &'static str,
    /// Discs under the promotion choices.
    pub picker: &'static str,
}

/// The default theme: warm wood tones.
pub const THEME: Theme = Theme {
    light: "#ecdab9",
    dark: "#ae8a68",
    selected: "rgba(255, 214, 10, 0.62)",
    last_move: "rgba(155, 199, 0, 0.42)",
    removed: "rgba(220, 70, 30, 0.30)",
    premove: "rgba(30, 90, 200, 0.45)",
    target: "rgba(24, 40, 24, 0.38)",
    launch: "rgba(214, 40, 30, 0.55)",
    check: "rgba(230, 20, 20, 0.9)",
    cursor: "#1f6feb",
    veil: "rgba(24, 20, 16, 0.6)",
    picker: "#c9c2b4",
};

/// A second board: cool blue-grey squares (a theme lichess players know).
pub const ICE: Theme = Theme {
    light: "#dee3e6",
    dark: "#8ca2ad",
    selected: "rgba(20, 85, 30, 0.5)",
    last_move: "rgba(155, 199, 0, 0.41)",
    removed: "rgba(220, 70, 30, 0.30)",
    premove: "rgba(190, 60, 160, 0.45)",
    target: "rgba(20, 30, 40, 0.36)",
    launch: "rgba(214, 40, 30, 0.6)",
    check: "rgba(230, 20, 20, 0.9)",
    cursor: "#c2410c",
    veil: "rgba(16, 22, 28, 0.6)",
    picker: "#c5cdd2",
};

/// The board themes by name, the default first.
pub const THEMES: [(&str, &Theme); 2] = [("wood", &THEME), ("ice", &ICE)];

/// A piece being dragged: drawn centred on (`x`, `y`) instead of on its square `from`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Floating {
    /// The square the piece was lifted from.
    pub from: Square,
    /// Pointer position in device pixels.
    pub x: f64,
    /// Pointer position in device pixels.
    pub y: f64,
}

/// Redraws the board into `ctx`, whose pixels are the layout's device pixels.
pub fn draw_board(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    game: &Game,
    theme: &Theme,
    floating: Option<Floating>,
) {
    draw_board_with(ctx, layout, game, theme, floating, None, true);
}

/// [`draw_board`] with the square under the pointer (for the blast preview of a launch), and
/// whether to draw a raised curtain (held back while an explosion plays out; the board under it
/// then shows no carrier at all).
pub fn draw_board_with(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    game: &Game,
    theme: &Theme,
    floating: Option<Floating>,
    hover: Option<Square>,
    curtain: bool,
) {
    ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0).ok();
    let size = f64::from(layout.size);
    ctx.clear_rect(0.0, 0.0, size, size);

    for sq in layout.squares() {
        let r = layout.square_rect(sq);
        ctx.set_fill_style_str(if layout.board.is_light(sq) {
            theme.light
        } else {
            theme.dark
        });
        ctx.fill_rect(r.x, r.y, r.w, r.h);
    }
    if let Some(m) = game.last_move() {
        for sq in [m.from, m.to] {
            wash(ctx, &layout.square_rect(sq), theme.last_move);
        }
        // What it blasted, struck or took stays marked until the next move.
        for sq in game.last_move_removed() {
            wash(ctx, &layout.square_rect(sq), theme.removed);
        }
    }
    if let Some((from, to)) = game.premove() {
        for sq in [from, to] {
            wash(ctx, &layout.square_rect(sq), theme.premove);
        }
    }
    if let Some(sq) = game.selected() {
        wash(ctx, &layout.square_rect(sq), theme.selected);
    }
    if let Some(sq) = game.checked_king() {
        draw_check(ctx, &layout.square_rect(sq), theme);
    }
    for sq in game.blast_preview(hover) {
        draw_blast_preview(ctx, &layout.square_rect(sq));
    }
    draw_coordinates(ctx, layout, theme);
    for sq in layout.squares() {
        if floating.is_some_and(|f| f.from == sq) {
            continue;
        }
        if let Some(piece) = game.piece_at(sq) {
            let r = layout.square_rect(sq);
            draw_piece(ctx, piece.role, piece.color, r.x, r.y, r.w.min(r.h));
            if game.shows_carrier(sq) {
                draw_bomb_badge(ctx, &r);
            }
        }
    }
    for target in game.targets() {
        draw_target(ctx, &layout.square_rect(target.square), &target, theme);
    }
    if game.selected_launches() {
        draw_launch_frame(ctx, layout, theme);
    }
    if let Some(picker) = game.promotion() {
        draw_picker(ctx, layout, game.turn(), &picker.choices, theme);
    }
    if curtain && game.curtain() {
        draw_curtain(ctx, layout, game.turn(), game.carriers_pending());
    }
    // The dragged piece last, above everything, a little larger as if lifted.
    if let Some(f) = floating {
        if let Some(piece) = game.piece_at(f.from) {
            let r = layout.square_rect(f.from);
            let s = r.w.min(r.h) * 1.15;
            draw_piece(
                ctx,
                piece.role,
                piece.color,
                f.x - s / 2.0,
                f.y - s / 2.0,
                s,
            );
        }
    }
}

/// The promotion picker: the board veiled, the choices on discs in their column.
fn draw_picker(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    color: Color,
    choices: &[(Square, Role, Move)],
    theme: &Theme,
) {
    let size = f64::from(layout.size);
    ctx.set_fill_style_str(theme.veil);
    ctx.fill_rect(0.0, 0.0, size, size);
    for (sq, role, _) in choices {
        let r = layout.square_rect(*sq);
        let s = r.w.min(r.h);
        let (cx, cy) = r.center();
        ctx.begin_path();
        ctx.arc(cx, cy, s * 0.48, 0.0, std::f64::consts::TAU).ok();
        ctx.set_fill_style_str(theme.picker);
        ctx.fill();
        draw_piece(ctx, *role, color, r.x + s * 0.08, r.y + s * 0.08, s * 0.84);
    }
}

/// The keyboard cursor: a bold outline just inside the square.
pub fn draw_cursor(ctx: &CanvasRenderingContext2d, r: &Rect, theme: &Theme) {
    let w = (r.w.min(r.h) * 0.07).max(2.0);
    ctx.set_stroke_style_str(theme.cursor);
    ctx.set_line_width(w);
    ctx.stroke_rect(r.x + w / 2.0, r.y + w / 2.0, r.w - w, r.h - w);
}

/// A red glow fading out from the centre of the square of a king in check.
fn draw_check(ctx: &CanvasRenderingContext2d, r: &Rect, theme: &Theme) {
    let (cx, cy) = r.center();
    let radius = r.w.min(r.h) * 0.62;
    if let Ok(glow) = ctx.create_radial_gradient(cx, cy, 0.0, cx, cy, radius) {
        glow.add_color_stop(0.0, theme.check).ok();
        glow.add_color_stop(1.0, "rgba(230, 20, 20, 0)").ok();
        ctx.set_fill_style_canvas_gradient(&glow);
        ctx.fill_rect(r.x, r.y, r.w, r.h);
    }
}

fn wash(ctx: &CanvasRenderingContext2d, r: &Rect, color: &str) {
    ctx.set_fill_style_str(color);
    ctx.fill_rect(r.x, r.y, r.w, r.h);
}

/// File letters along the bottom edge and rank numbers along the left edge, inside the squares,
/// each in the colour of the other kind of square so they read on both.
fn draw_coordinates(ctx: &CanvasRenderingContext2d, layout: &Layout, theme: &Theme) {
    let board = layout.board;
    let (files, ranks) = (board.files(), board.ranks());
    let cell = f64::from(layout.size) / f64::from(files.max(ranks));
    // Readable on a small embedded 10×10 board too.
    let font_px = (cell * 0.2).max(10.0);
    ctx.set_font(&format!("600 {font_px:.1}px system-ui, sans-serif"));
    let pad = cell * 0.05;
    let contrast = |sq: Square| {
        if board.is_light(sq) {
            theme.dark
        } else {
            theme.light
        }
    };

    let bottom_rank = if layout.flipped { ranks - 1 } else { 0 };
    ctx.set_text_align("right");
    ctx.set_text_baseline("bottom");
    for sq in (0..files).filter_map(|file| board.square(file, bottom_rank)) {
        let r = layout.square_rect(sq);
        let file = board.coords(sq).0;
        ctx.set_fill_style_str(contrast(sq));
        let letter = char::from(b'a' + file).to_string();
        ctx.fill_text(&letter, r.x + r.w - pad, r.y + r.h - pad * 0.6)
            .ok();
    }
    let left_file = if layout.flipped { files - 1 } else { 0 };
    ctx.set_text_align("left");
    ctx.set_text_baseline("top");
    for sq in (0..ranks).filter_map(|rank| board.square(left_file, rank)) {
        let r = layout.square_rect(sq);
        let rank = board.coords(sq).1;
        ctx.set_fill_style_str(contrast(sq));
        ctx.fill_text(
            &(u32::from(rank) + 1).to_string(),
            r.x + pad,
            r.y + pad * 0.8,
        )
        .ok();
    }
}

/// A dot on an empty target, a ring around an occupied one.
fn draw_target(ctx: &CanvasRenderingContext2d, r: &Rect, target: &Target, theme: &Theme) {
    let (cx, cy) = r.center();
    let s = r.w.min(r.h);
    ctx.begin_path();
    match target.kind {
        _ if target.occupied => {
            ctx.set_stroke_style_str(theme.target);
            let w = s * 0.08;
            ctx.set_line_width(w);
            ctx.arc(cx, cy, s * 0.5 - w / 2.0, 0.0, std::f64::consts::TAU)
                .ok();
            ctx.stroke();
        }
        _ => {
            ctx.set_fill_style_str(theme.target);
            ctx.arc(cx, cy, s * 0.16, 0.0, std::f64::consts::TAU).ok();
            ctx.fill();
        }
    }
}

/// A selected missile may be launched at (nearly) any square: a frame round the whole board in
/// the launch colour says so, instead of a dot on every square.
fn draw_launch_frame(ctx: &CanvasRenderingContext2d, layout: &Layout, theme: &Theme) {
    let size = f64::from(layout.size);
    let w = (size * 0.012).max(2.0);
    ctx.set_stroke_style_str(theme.launch);
    ctx.set_line_width(w);
    ctx.stroke_rect(w / 2.0, w / 2.0, size - w, size - w);
}

/// The 3×3 area a boom or launch would blast: a red wash with a dashed outline.
fn draw_blast_preview(ctx: &CanvasRenderingContext2d, r: &Rect) {
    ctx.set_fill_style_str("rgba(235, 60, 20, 0.38)");
    ctx.fill_rect(r.x, r.y, r.w, r.h);
    let w = (r.w * 0.04).max(1.0);
    ctx.set_stroke_style_str("rgba(160, 20, 10, 0.85)");
    ctx.set_line_width(w);
    ctx.stroke_rect(r.x + w / 2.0, r.y + w / 2.0, r.w - w, r.h - w);
}

/// A bomb carrier's badge: a small black bomb with a lit fuse in the square's top right corner.
fn draw_bomb_badge(ctx: &CanvasRenderingContext2d, r: &Rect) {
    let s = r.w.min(r.h);
    let (cx, cy) = (r.x + r.w - s * 0.2, r.y + s * 0.22);
    let radius = s * 0.13;
    ctx.begin_path();
    ctx.arc(cx, cy, radius + s * 0.025, 0.0, std::f64::consts::TAU)
        .ok();
    ctx.set_fill_style_str("#fff3c4");
    ctx.fill();
    ctx.begin_path();
    ctx.arc(cx, cy, radius, 0.0, std::f64::consts::TAU).ok();
    ctx.set_fill_style_str("#1a1a1a");
    ctx.fill();
    // Fuse and spark.
    ctx.begin_path();
    ctx.move_to(cx + radius * 0.5, cy - radius * 0.8);
    ctx.line_to(cx + radius * 1.1, cy - radius * 1.35);
    ctx.set_stroke_style_str("#1a1a1a");
    ctx.set_line_width(s * 0.03);
    ctx.stroke();
    ctx.begin_path();
    ctx.arc(
        cx + radius * 1.2,
        cy - radius * 1.45,
        s * 0.04,
        0.0,
        std::f64::consts::TAU,
    )
    .ok();
    ctx.set_fill_style_str("#ff7a1a");
    ctx.fill();
}

/// The pass-the-device curtain: the whole board covered, with whose turn it is.
fn draw_curtain(ctx: &CanvasRenderingContext2d, layout: &Layout, turn: Color, setup: bool) {
    let size = f64::from(layout.size);
    ctx.set_fill_style_str("#23201c");
    ctx.fill_rect(0.0, 0.0, size, size);
    ctx.set_fill_style_str("#f3efe7");
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    ctx.set_font(&format!("600 {:.1}px system-ui, sans-serif", size * 0.055));
    let side = turn.title();
    let title = if setup {
        format!("{side} chooses carriers")
    } else {
        format!("{side} to move")
    };
    ctx.fill_text(&title, size / 2.0, size * 0.45).ok();
    ctx.set_font(&format!("{:.1}px system-ui, sans-serif", size * 0.035));
    ctx.fill_text("pass the device — tap to continue", size / 2.0, size * 0.54)
        .ok();
}

/// An explosion being animated: the 3×3 area, its centre, and the pieces it destroyed; or a
/// bomber's strike (Flying Bombers), drawn on the captured squares only.
#[derive(Clone, Debug, PartialEq)]
pub struct Blast {
    /// The squares blasted (for a strike: the captured squares).
    pub area: Vec<Square>,
    /// The centre of the blast (for a strike: the bomber's landing square).
    pub centre: Square,
    /// The destroyed pieces, where they stood (drawn as debris).
    pub debris: Vec<(Square, boomchess_rules::Piece)>,
    /// A bomber's capture, flying from the first square to the second: drawn as a strike (a
    /// bomb dropped on each captured square and a small burst there) instead of an explosion.
    pub strike: Option<(Square, Square)>,
}

impl Blast {
    /// The strike of a bomber's capture (a bombing fly-over, a helicopter leap taking one or two
    /// pieces) played from `prev`, or `None` for any other move. Flying Bombers hides nothing,
    /// so the captured pieces may be drawn.
    pub fn bomber_strike(prev: &VariantPosition, m: Move) -> Option<Blast> {
        let bomber = prev.piece_at(m.from)?;
        if bomber.role != Role::Bomber {
            return None;
        }
        let (from, to) = (m.from, m.to);
        let mut debris: Vec<(Square, boomchess_rules::Piece)> = prev
            .removed_by(m)
            .into_iter()
            .filter_map(|s| Some((s, prev.piece_at(s)?)))
            .collect();
        if debris.is_empty() {
            return None;
        }
        // In flight order: the piece flown over first is hit first.
        let board = prev.board_size();
        let distance = |s: Square| {
            let ((ff, fr), (sf, sr)) = (board.coords(from), board.coords(s));
            ff.abs_diff(sf) + fr.abs_diff(sr)
        };
        debris.sort_by_key(|(s, _)| distance(*s));
        Some(Blast {
            area: debris.iter().map(|(s, _)| *s).collect(),
            centre: to,
            debris,
            strike: Some((from, to)),
        })
    }
}

/// One frame of an explosion at time `t` (0 at the detonation, 1 at the end): a flash over the
/// area, a shockwave ring, sparks, and the destroyed pieces flying apart and fading. A bomber's
/// strike is drawn by [`draw_strike`] instead.
pub fn draw_explosion(ctx: &CanvasRenderingContext2d, layout: &Layout, blast: &Blast, t: f64) {
    use std::f64::consts::TAU;
    let t = t.clamp(0.0, 1.0);
    if let Some((from, to)) = blast.strike {
        draw_strike(ctx, layout, from, to, &blast.debris, t);
        return;
    }
    let c = layout.square_rect(blast.centre);
    let s = c.w.min(c.h);
    let (cx, cy) = c.center();
    ctx.save();
    // Flash: bright at first, gone by 40 % of the way.
    let flash = (1.0 - t / 0.4).max(0.0);
    if flash > 0.0 {
        if let Ok(glow) = ctx.create_radial_gradient(cx, cy, 0.0, cx, cy, s * 2.0) {
            glow.add_color_stop(0.0, &format!("rgba(255, 250, 220, {:.3})", flash))
                .ok();
            glow.add_color_stop(0.55, &format!("rgba(255, 170, 40, {:.3})", 0.85 * flash))
                .ok();
            glow.add_color_stop(1.0, "rgba(230, 60, 20, 0)").ok();
            ctx.set_fill_style_canvas_gradient(&glow);
            for sq in &blast.area {
                let r = layout.square_rect(*sq);
                ctx.fill_rect(r.x, r.y, r.w, r.h);
            }
        }
    }
    // Debris: each destroyed piece flies away from the centre, spinning, shrinking and fading.
    for (i, (sq, piece)) in blast.debris.iter().enumerate() {
        let r = layout.square_rect(*sq);
        let (px, py) = r.center();
        let (mut dx, mut dy) = (px - cx, py - cy);
        if dx == 0.0 && dy == 0.0 {
            let a = 0.9 + i as f64 * 2.4;
            dx = a.cos() * s;
            dy = a.sin() * s;
        }
        let len = dx.hypot(dy).max(1.0);
        let travel = s * 1.4 * (1.0 - (1.0 - t).powi(2));
        let (x, y) = (
            px + dx / len * travel,
            py + dy / len * travel + s * 0.8 * t * t,
        );
        let size = s * (1.0 - 0.55 * t);
        let spin = if i % 2 == 0 { 1.0 } else { -1.0 } * t * 4.0;
        ctx.set_global_alpha((1.0 - t).powf(0.7));
        ctx.save();
        ctx.translate(x, y).ok();
        ctx.rotate(spin).ok();
        draw_piece(ctx, piece.role, piece.color, -size / 2.0, -size / 2.0, size);
        ctx.restore();
    }
    ctx.set_global_alpha(1.0);
    // Shockwave: a ring growing past the 3×3 area.
    let ring = s * (0.3 + 1.9 * t);
    ctx.begin_path();
    ctx.arc(cx, cy, ring, 0.0, TAU).ok();
    ctx.set_stroke_style_str(&format!("rgba(255, 120, 30, {:.3})", 0.9 * (1.0 - t)));
    ctx.set_line_width((s * 0.16 * (1.0 - t)).max(0.5));
    ctx.stroke();
    // Sparks.
    for k in 0..14 {
        let a = k as f64 * TAU / 14.0 + 0.3;
        let d = s * (0.25 + 1.5 * t) * (0.8 + 0.3 * ((k * 7 % 5) as f64) / 4.0);
        ctx.begin_path();
        ctx.arc(
            cx + a.cos() * d,
            cy + a.sin() * d,
            s * 0.045 * (1.0 - t),
            0.0,
            TAU,
        )
        .ok();
        ctx.set_fill_style_str(&format!("rgba(255, 200, 60, {:.3})", 1.0 - t));
        ctx.fill();
    }
    ctx.restore();
}

/// One frame of a bomber's strike at time `t` (0..1): a pale vapour trail along the flight from
/// `from` to `to`, then on each captured square in turn (`victims`, in flight order) a bomb
/// falling with a streak behind it and, on impact, a small white-and-yellow burst while the
/// piece there shrinks away. Unlike an explosion nothing outside the captured squares is lit.
pub fn draw_strike(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    from: Square,
    to: Square,
    victims: &[(Square, boomchess_rules::Piece)],
    t: f64,
) {
    use std::f64::consts::TAU;
    let t = t.clamp(0.0, 1.0);
    let (fx, fy) = layout.square_rect(from).center();
    let (tx, ty) = layout.square_rect(to).center();
    let s = {
        let r = layout.square_rect(to);
        r.w.min(r.h)
    };
    ctx.save();
    // Vapour trail of the flight, fading out in the first half.
    let trail = (1.0 - t / 0.5).max(0.0);
    if trail > 0.0 {
        ctx.set_line_cap("round");
        ctx.set_stroke_style_str(&format!("rgba(225, 240, 255, {:.3})", 0.75 * trail));
        ctx.set_line_width(s * 0.1);
        ctx.begin_path();
        ctx.move_to(fx, fy);
        ctx.line_to(tx, ty);
        ctx.stroke();
    }
    for (k, (sq, piece)) in victims.iter().enumerate() {
        let r = layout.square_rect(*sq);
        let (cx, cy) = r.center();
        // Each victim's own clock: staggered by 0.15 along the flight, 0.6 long.
        let u = ((t - 0.15 * k as f64) / 0.6).clamp(0.0, 1.0);
        const DROP: f64 = 0.4;
        // On the landing square the bomber (the victim's enemy) stays in sight above its prey.
        let lander = |ctx: &CanvasRenderingContext2d| {
            if *sq == to {
                draw_piece(ctx, Role::Bomber, !piece.color, r.x, r.y, s);
            }
        };
        if u < DROP {
            // The piece still stands; the bomb falls onto it with a streak behind.
            draw_piece(ctx, piece.role, piece.color, r.x, r.y, s);
            lander(ctx);
            let v = u / DROP;
            let top = cy - s * 1.2;
            let y = top + (cy - top) * v * v;
            let streak = ctx.create_linear_gradient(cx, top, cx, y);
            streak.add_color_stop(0.0, "rgba(255, 255, 255, 0)").ok();
            streak.add_color_stop(1.0, "rgba(255, 250, 210, 0.95)").ok();
            ctx.set_stroke_style_canvas_gradient(&streak);
            ctx.set_line_width(s * 0.07);
            ctx.begin_path();
            ctx.move_to(cx, top);
            ctx.line_to(cx, y);
            ctx.stroke();
            ctx.begin_path();
            ctx.ellipse(cx, y, s * 0.07, s * 0.11, 0.0, 0.0, TAU).ok();
            ctx.set_fill_style_str("#22262b");
            ctx.fill();
            continue;
        }
        // Impact: the piece shrinks and fades, a burst grows inside the square.
        let v = (u - DROP) / (1.0 - DROP);
        if v < 1.0 {
            let size = s * (1.0 - v);
            ctx.set_global_alpha(1.0 - v);
            draw_piece(
                ctx,
                piece.role,
                piece.color,
                cx - size / 2.0,
                cy - size / 2.0,
                size,
            );
            ctx.set_global_alpha(1.0);
        }
        lander(ctx);
        // Bright for most of the impact, fading at the end.
        let fade = 1.0 - v * v;
        // A white ring racing to the square's edge.
        ctx.begin_path();
        ctx.arc(cx, cy, s * (0.18 + 0.3 * v), 0.0, TAU).ok();
        ctx.set_stroke_style_str(&format!("rgba(255, 255, 255, {:.3})", 0.9 * fade));
        ctx.set_line_width((s * 0.07 * fade).max(0.5));
        ctx.stroke();
        let radius = s * (0.14 + 0.36 * v);
        if let Ok(glow) = ctx.create_radial_gradient(cx, cy, 0.0, cx, cy, radius) {
            glow.add_color_stop(0.0, &format!("rgba(255, 255, 255, {fade:.3})"))
                .ok();
            glow.add_color_stop(0.5, &format!("rgba(255, 225, 90, {:.3})", 0.9 * fade))
                .ok();
            glow.add_color_stop(1.0, "rgba(255, 200, 60, 0)").ok();
            ctx.set_fill_style_canvas_gradient(&glow);
            ctx.begin_path();
            ctx.arc(cx, cy, radius, 0.0, TAU).ok();
            ctx.fill();
        }
        // Eight short spikes flung out of the burst, staying inside the square.
        ctx.set_stroke_style_str(&format!("rgba(255, 240, 170, {fade:.3})"));
        ctx.set_line_width((s * 0.035).max(1.0));
        for i in 0..8 {
            let a = i as f64 * TAU / 8.0 + 0.2;
            let (inner, outer) = (s * (0.1 + 0.3 * v), s * (0.18 + 0.3 * v));
            ctx.begin_path();
            ctx.move_to(cx + a.cos() * inner, cy + a.sin() * inner);
            ctx.line_to(cx + a.cos() * outer, cy + a.sin() * outer);
            ctx.stroke();
        }
    }
    ctx.restore();
}

/// Arrows and square marks a player draws on the board with the secondary button, to think
/// aloud (lichess's green arrows and circles). They belong to the board, not the game: a click
/// on the board wipes them, and they are never part of a saved game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawings {
    /// Arrows, from a square to another, in the order drawn.
    pub arrows: Vec<(Square, Square)>,
    /// Marked squares.
    pub marks: Vec<Square>,
}

impl Drawings {
    /// Draws (or takes away, when it is there) the mark on `start` if `end` is the same square,
    /// else the arrow from `start` to `end`.
    pub fn toggle(&mut self, start: Square, end: Square) {
        if start == end {
            match self.marks.iter().position(|&s| s == start) {
                Some(i) => {
                    self.marks.remove(i);
                }
                None => self.marks.push(start),
            }
        } else {
            match self.arrows.iter().position(|&a| a == (start, end)) {
                Some(i) => {
                    self.arrows.remove(i);
                }
                None => self.arrows.push((start, end)),
            }
        }
    }

    /// Wipes everything drawn.
    pub fn clear(&mut self) {
        self.arrows.clear();
        self.marks.clear();
    }
}

/// The player's arrows and marks, in translucent green over the pieces.
pub fn draw_drawings(ctx: &CanvasRenderingContext2d, layout: &Layout, drawings: &Drawings) {
    const GREEN: &str = "rgba(21, 120, 27, 0.8)";
    for &sq in &drawings.marks {
        let r = layout.square_rect(sq);
        let (cx, cy) = r.center();
        let s = r.w.min(r.h);
        ctx.begin_path();
        ctx.arc(cx, cy, s * 0.44, 0.0, std::f64::consts::TAU).ok();
        ctx.set_stroke_style_str(GREEN);
        ctx.set_line_width(s * 0.08);
        ctx.stroke();
    }
    for &(from, to) in &drawings.arrows {
        let (fx, fy) = layout.square_rect(from).center();
        let r = layout.square_rect(to);
        let (tx, ty) = r.center();
        let s = r.w.min(r.h);
        let (dx, dy) = (tx - fx, ty - fy);
        let len = dx.hypot(dy).max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let head = s * 0.42;
        // The shaft stops where the head begins, so the translucent parts do not overlap.
        let (bx, by) = (tx - ux * head, ty - uy * head);
        ctx.set_stroke_style_str(GREEN);
        ctx.set_line_width(s * 0.18);
        ctx.set_line_cap("butt");
        ctx.begin_path();
        ctx.move_to(fx + ux * s * 0.25, fy + uy * s * 0.25);
        ctx.line_to(bx, by);
        ctx.stroke();
        ctx.set_fill_style_str(GREEN);
        ctx.begin_path();
        ctx.move_to(tx, ty);
        ctx.line_to(bx - uy * head * 0.6, by + ux * head * 0.6);
        ctx.line_to(bx + uy * head * 0.6, by - ux * head * 0.6);
        ctx.close_path();
        ctx.fill();
    }
}
