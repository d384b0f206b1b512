//! Shared steps of the fuzz targets: every target feeds arbitrary bytes through
//! the public loading API exactly as the CLI does, then renders whatever
//! diagnostics came back (human form with the source line, and JSON), because
//! a diagnostic's line:column pointing past the text must not panic either.
//! The only property asserted is "no panic" (libFuzzer reports panics, aborts,
//! timeouts and out-of-memory as crashes).

use std::sync::OnceLock;

use cloudvet::diag::{render, Diagnostic};
use cloudvet::load::{self, Loaded, SourceFile};
use cloudvet::model::ProviderProfile;

/// The file name every input is given (the provider checks compare it with `id`).
pub const NAME: &str = "fuzz.yaml";

/// Reads the bytes as a file would be read; `None` when the reader refused them
/// (after rendering the refusal).
pub fn source(bytes: &[u8]) -> Option<SourceFile> {
    match SourceFile::from_bytes(NAME, bytes) {
        Ok(f) => Some(f),
        Err(d) => {
            render_all(&[d], None);
            None
        }
    }
}

/// Renders diagnostics both ways, as `validate` does.
pub fn render_all(diags: &[Diagnostic], text: Option<&str>) {
    for d in diags {
        std::hint::black_box(render::human(d, text));
    }
    std::hint::black_box(render::json(diags));
    std::hint::black_box(render::summary(diags));
}

/// The shipped provider profiles, loaded once: the cross-file checks of a
/// fuzzed requirements or review file run against them.
pub fn shipped_providers() -> &'static [Loaded<ProviderProfile>] {
    static P: OnceLock<Vec<Loaded<ProviderProfile>>> = OnceLock::new();
    P.get_or_init(|| load::embedded_providers().0)
}
