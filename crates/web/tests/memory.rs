//! Boards that unmount leave nothing behind: mounting and unmounting 500 embedded boards (half of
//! them Stratomic against the computer, a move played on each) after a warm-up of 50 keeps the
//! wasm allocator's live bytes flat (within 5 %) and the wasm memory from growing. The JS heap
//! after a forced garbage collection is printed where the browser tells it (Chromium, with
//! `--js-flags=--expose-gc` from `webdriver.json`).
//!
//! This test binary has its own global allocator: the system allocator, counting the bytes it
//! holds, so the figure is the wasm heap as the game uses it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use boomchess_web::embed::mount_board;
use boomchess_web::GameHandle;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// The system allocator, counting live bytes.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        System.dealloc(p, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = System.realloc(p, layout, new_size);
        if !q.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            LIVE.fetch_add(new_size, Ordering::Relaxed);
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn set(object: &js_sys::Object, key: &str, value: JsValue) {
    js_sys::Reflect::set(object, &key.into(), &value).unwrap();
}

/// Waits for the browser's next task (pending callbacks run meanwhile).
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback(&resolve)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.ok();
}

/// The JS heap in use after a forced garbage collection, where the browser tells it.
async fn js_heap() -> Option<f64> {
    let window = web_sys::window().unwrap();
    let gc = js_sys::Reflect::get(&window, &"gc".into()).ok()?;
    let gc = gc.dyn_into::<js_sys::Function>().ok()?;
    for _ in 0..3 {
        gc.call0(&JsValue::NULL).ok()?;
        next_task().await;
    }
    let performance = js_sys::Reflect::get(&window, &"performance".into()).ok()?;
    let memory = js_sys::Reflect::get(&performance, &"memory".into()).ok()?;
    js_sys::Reflect::get(&memory, &"usedJSHeapSize".into())
        .ok()?
        .as_f64()
}

fn wasm_memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory
        .buffer()
        .unchecked_into::<js_sys::ArrayBuffer>()
        .byte_length() as f64
}

/// Mounts `n` boards one after another, plays a move on each, unmounts it and removes its
/// element: every even one Stratomic against the computer (which starts its worker to answer),
/// every odd one hot-seat Beirut with its carriers set.
async fn mount_and_unmount(n: usize, ignore: &Closure<dyn FnMut(JsValue)>) {
    let document = web_sys::window().unwrap().document().unwrap();
    let body = document.body().unwrap();
    for i in 0..n {
        let element = document.create_element("div").unwrap();
        body.append_child(&element).unwrap();
        let options = js_sys::Object::new();
        let handle: GameHandle = if i % 2 == 0 {
            set(&options, "variant", "stratomic".into());
            set(&options, "mode", "ai".into());
            set(&options, "level", 1.into());
            let handle = mount_board(element.clone(), options.into()).expect("a Stratomic board");
            let _ = handle.play("e3e5".into()).catch(ignore);
            assert!(
                handle.thinking().unwrap(),
                "the computer thinks about its reply"
            );
            handle
        } else {
            set(&options, "variant", "beirut".into());
            set(
                &options,
                "fen",
                "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1".into(),
            );
            let handle = mount_board(element.clone(), options.into()).expect("a Beirut board");
            handle.lift_curtain().unwrap();
            let _ = handle.play("e2e4".into()).catch(ignore);
            assert_eq!(handle.moves().unwrap(), vec!["e4".to_owned()]);
            handle
        };
        assert!(handle.unmount(), "the board was mounted");
        assert!(handle.fen().is_err(), "an unmounted board's handle refuses");
        element.remove();
        drop(handle);
        if i % 25 == 24 {
            next_task().await;
        }
    }
    next_task().await;
}

#[wasm_bindgen_test]
async fn five_hundred_boards_mounted_and_unmounted_leave_memory_flat() {
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
    mount_and_unmount(50, &ignore).await;
    let (live0, wasm0, heap0) = (
        LIVE.load(Ordering::Relaxed),
        wasm_memory_bytes(),
        js_heap().await,
    );
    mount_and_unmount(500, &ignore).await;
    let (live1, wasm1, heap1) = (
        LIVE.load(Ordering::Relaxed),
        wasm_memory_bytes(),
        js_heap().await,
    );
    let heap = match (heap0, heap1) {
        (Some(a), Some(b)) => format!(
            "JS heap after gc {:.0} KB → {:.0} KB ({:+.1} %)",
            a / 1024.0,
            b / 1024.0,
            (b - a) / a * 100.0
        ),
        _ => "JS heap not reported by this browser".to_owned(),
    };
    web_sys::console::log_1(
        &format!(
            "500 boards mounted and unmounted after 50: wasm allocator live {live0} → {live1} bytes \
             ({:+.1} %), wasm memory {:.0} KB → {:.0} KB; {heap}",
            (live1 as f64 - live0 as f64) / live0 as f64 * 100.0,
            wasm0 / 1024.0,
            wasm1 / 1024.0,
        )
        .into(),
    );
    assert!(
        (live1 as f64) <= live0 as f64 * 1.05,
        "live bytes grew from {live0} to {live1}"
    );
    assert_eq!(wasm1, wasm0, "the wasm memory grew");
}
