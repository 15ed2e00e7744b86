//! Fault isolation: each pipeline stage runs under `catch_unwind`, so a bug met on one article
//! or one story becomes a [`StageFailure`] (reported as a problem) instead of aborting the run.
//!
//! The panic message goes into the problem; the default panic hook stays quiet while a guarded
//! stage runs (also on the rayon threads a stage fans out to, whose panics reach the stage) and
//! prints every other panic as before.
//!
//! For tests only: the environment variable `CORROBORATE_TEST_PANIC` makes a stage panic on
//! purpose, to check that the run survives. Its value is a stage name (`extract`, `claims`, ...)
//! or `stage@text`, which fails that stage only on subjects (file path or `story <id>`)
//! containing `text`.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};

/// The environment variable that injects a panic into a stage (tests only).
pub const INJECT_PANIC_VAR: &str = "CORROBORATE_TEST_PANIC";

/// A stage that panicked on one subject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageFailure {
    /// The stage's name.
    pub stage: &'static str,
    /// The panic message, with the source location where it was raised.
    pub message: String,
}

/// Guarded stages running now, on any thread.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if GUARDED.with(Cell::get) || ACTIVE.load(Ordering::SeqCst) > 0 {
                let at = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()));
                LOCATION.with(|l| *l.borrow_mut() = at);
            } else {
                previous(info);
            }
        }));
    });
}

fn injected() -> Option<&'static (String, String)> {
    static FAULT: OnceLock<Option<(String, String)>> = OnceLock::new();
    FAULT
        .get_or_init(|| {
            let v = std::env::var(INJECT_PANIC_VAR).ok()?;
            let (stage, subject) = v.split_once('@').unwrap_or((v.as_str(), ""));
            Some((stage.to_string(), subject.to_string()))
        })
        .as_ref()
}

fn payload_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-text payload".to_string()
    }
}

/// Runs stage `stage` of the pipeline on `subject` (a file path or `story <id>`), turning a
/// panic into a [`StageFailure`].
pub fn run_stage<T>(
    stage: &'static str,
    subject: &str,
    f: impl FnOnce() -> T,
) -> Result<T, StageFailure> {
    install_hook();
    let was_guarded = GUARDED.with(|g| g.replace(true));
    ACTIVE.fetch_add(1, Ordering::SeqCst);
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        if let Some((s, on)) = injected() {
            if s == stage && subject.contains(on.as_str()) {
                panic!("panic injected by {INJECT_PANIC_VAR} for a test");
            }
        }
        f()
    }));
    ACTIVE.fetch_sub(1, Ordering::SeqCst);
    GUARDED.with(|g| g.set(was_guarded));
    result.map_err(|payload| {
        let message = payload_message(&*payload);
        let message = match LOCATION.with(|l| l.borrow_mut().take()) {
            Some(at) => format!("{message} (at {at})"),
            None => message,
        };
        StageFailure { stage, message }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_failure_naming_stage_and_message() {
        let r: Result<(), _> = run_stage("claims", "story s1", || {
            let s = "a\u{2122}";
            let cut = s.len() - 1;
            let _ = s.get(..cut).expect("cut inside a character");
        });
        let f = r.expect_err("the stage panicked");
        assert_eq!(f.stage, "claims");
        assert!(
            f.message.contains("cut inside a character"),
            "{}",
            f.message
        );
        assert!(f.message.contains("guard.rs"), "{}", f.message);
        assert_eq!(run_stage("claims", "story s1", || 7), Ok(7));
    }
}
