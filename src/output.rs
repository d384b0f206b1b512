//! Writing results: atomically (temp file in the same folder, synced, then renamed), so an
//! existing report is never left half-written and a failure leaves no partial file; a set
//! of files (`write_all_atomic`) is replaced only when every one of them could be written;
//! a report folder (`publish_set`) is replaced as a whole in one atomic step, also under
//! `kill -9` and concurrent runs.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = temp_path(path);
    let result = write_synced(&tmp, bytes).and_then(|()| fs::rename(&tmp, path));
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Writes a set of files (a report in several formats) so that either all of them are
/// replaced or none: every file goes to a temporary file next to its target and is synced
/// to disk first — in parallel, so the waits for the disk overlap — and only when all of
/// them succeeded are they renamed into place. On an error the temporary files are removed
/// and every existing file is left as it was; the error names the file it concerns.
pub fn write_all_atomic(files: &[(PathBuf, &[u8])]) -> Result<(), (PathBuf, std::io::Error)> {
    let temps: Vec<PathBuf> = files.iter().map(|(p, _)| temp_path(p)).collect();
    let written: Vec<std::io::Result<()>> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .zip(&temps)
            .map(|((_, bytes), tmp)| scope.spawn(move || write_synced(tmp, bytes)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(std::io::Error::other("the writing thread failed")))
            })
            .collect()
    });
    let cleanup = |temps: &[PathBuf]| {
        for t in temps {
            let _ = fs::remove_file(t);
        }
    };
    if let Some((i, Err(e))) = written.into_iter().enumerate().find(|(_, r)| r.is_err()) {
        cleanup(&temps);
        return Err((files[i].0.clone(), e));
    }
    // A folder where a file goes would make its rename fail after others succeeded.
    if let Some((path, _)) = files.iter().find(|(p, _)| p.is_dir()) {
        cleanup(&temps);
        return Err((
            path.clone(),
            std::io::Error::other("a folder of this name is in the way"),
        ));
    }
    for (i, ((path, _), tmp)) in files.iter().zip(&temps).enumerate() {
        if let Err(e) = fs::rename(tmp, path) {
            cleanup(&temps[i..]);
            return Err((path.clone(), e));
        }
    }
    Ok(())
}

/// Names a report folder may hold besides the files of the set being written: the
/// files of every edition and format cloudvet writes. Anything else in `--out DIR`
/// belongs to somebody else, and the folder is then not replaced (see
/// [`publish_set`]).
pub const REPORT_FILE_PREFIXES: &[&str] =
    &["report.", "decision.", "annex-", "shortlist.", "cost."];

/// How long a second run into the same folder waits for the first to finish.
pub const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Why a report set could not be published. Every variant says what happened to
/// the folder: nothing of it is ever half replaced.
#[derive(Debug)]
pub enum PublishError {
    /// Another cloudvet run is writing into the same folder and did not finish in time.
    Locked { lock: PathBuf },
    /// The folder holds files that are not part of a cloudvet report.
    ForeignFiles { dir: PathBuf, names: Vec<String> },
    /// A file stands where the folder should be.
    NotAFolder { path: PathBuf },
    /// Writing or publishing failed; `replaced` says whether the new set is in place.
    Io {
        path: PathBuf,
        error: std::io::Error,
        replaced: bool,
    },
}

impl std::fmt::Display for PublishError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PublishError::Locked { lock } => write!(
                f,
                "another cloudvet run is writing this report folder (lock {}); nothing was replaced",
                lock.display()
            ),
            PublishError::ForeignFiles { dir, names } => write!(
                f,
                "{} holds files that are not part of a report ({}); the folder is replaced as a whole, so nothing was written",
                dir.display(),
                names.join(", ")
            ),
            PublishError::NotAFolder { path } => write!(
                f,
                "{} is a file, not a folder; nothing was written",
                path.display()
            ),
            PublishError::Io {
                path,
                error,
                replaced: false,
            } => write!(
                f,
                "cannot write {}: {error}; the previous report was left as it was",
                path.display()
            ),
            PublishError::Io {
                path,
                error,
                replaced: true,
            } => write!(
                f,
                "the new report is in place, but cleaning up {} failed: {error}",
                path.display()
            ),
        }
    }
}

/// Test hook: `CLOUDVET_ABORT_AT=<step>` ends the process abruptly at that step of
/// [`publish_set`], as `kill -9` would (tests/integration/report_set.rs walks every
/// step). Steps: `locked`, `cleaned`, `written`, `published`.
fn abort_point(step: &str) {
    if std::env::var_os("CLOUDVET_ABORT_AT").is_some_and(|v| v == step) {
        std::process::abort();
    }
}

/// Publishes a report set into `out` all-or-nothing, also under `kill -9` and
/// concurrent runs (docs/reliability.md):
///
/// 1. a lock file beside the folder (`.NAME.cloudvet-lock`, an OS file lock that
///    dies with its process) makes a second run wait up to [`LOCK_WAIT`], then refuse;
/// 2. leftovers of dead runs (`.NAME.cloudvet-new-*`, `.NAME.cloudvet-old-*`,
///    temporary files of older versions) are removed, and a folder a dead run had
///    moved aside is put back;
/// 3. the whole set is written and synced into a fresh sibling folder;
/// 4. one atomic step publishes it: the new folder and `out` are exchanged
///    (Linux `renameat2(RENAME_EXCHANGE)`), or renamed into place when `out`
///    does not exist yet; elsewhere two renames, which step 2 repairs after a crash;
/// 5. the previous set, now in the sibling folder, is removed.
///
/// `out` therefore always holds one complete set: the old one or the new one.
/// Files in `out` that are not report files stop the run before anything is
/// written ([`PublishError::ForeignFiles`]). A symlinked `out` is followed.
pub fn publish_set(out: &Path, files: &[(&str, &[u8])]) -> Result<(), PublishError> {
    let out = match fs::symlink_metadata(out) {
        Ok(m) if m.file_type().is_symlink() => {
            fs::canonicalize(out).map_err(|e| PublishError::Io {
                path: out.to_path_buf(),
                error: e,
                replaced: false,
            })?
        }
        _ => out.to_path_buf(),
    };
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| PublishError::NotAFolder { path: out.clone() })?;
    let io = |path: &Path, replaced: bool| {
        let path = path.to_path_buf();
        move |error| PublishError::Io {
            path,
            error,
            replaced,
        }
    };
    fs::create_dir_all(&parent).map_err(io(&parent, false))?;
    let _lock = lock(&parent.join(format!(".{name}.cloudvet-lock")))?;
    abort_point("locked");
    recover(&parent, &name, &out).map_err(io(&out, false))?;
    abort_point("cleaned");
    check_folder(&out, files)?;
    let new = parent.join(format!(".{name}.cloudvet-new-{}", std::process::id()));
    let written = write_folder(&new, files);
    if let Err((path, e)) = written {
        let _ = fs::remove_dir_all(&new);
        return Err(PublishError::Io {
            path,
            error: e,
            replaced: false,
        });
    }
    abort_point("written");
    let exists = out.exists();
    let swapped = if exists {
        exchange(&new, &out, &parent, &name)
    } else {
        fs::rename(&new, &out)
    };
    if let Err(e) = swapped {
        let _ = fs::remove_dir_all(&new);
        return Err(PublishError::Io {
            path: out,
            error: e,
            replaced: false,
        });
    }
    let _ = sync_dir(&parent);
    abort_point("published");
    if exists {
        // `new` now holds the previous set.
        fs::remove_dir_all(&new).map_err(io(&new, true))?;
    }
    Ok(())
}

/// Takes the folder's lock, waiting up to [`LOCK_WAIT`].
fn lock(path: &Path) -> Result<fs::File, PublishError> {
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| PublishError::Io {
            path: path.to_path_buf(),
            error: e,
            replaced: false,
        })?;
    let start = std::time::Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(fs::TryLockError::WouldBlock) if start.elapsed() < LOCK_WAIT => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(fs::TryLockError::WouldBlock) => {
                return Err(PublishError::Locked {
                    lock: path.to_path_buf(),
                })
            }
            Err(fs::TryLockError::Error(e)) => {
                return Err(PublishError::Io {
                    path: path.to_path_buf(),
                    error: e,
                    replaced: false,
                })
            }
        }
    }
}

/// Repairs and removes what dead runs left (the lock is held, so no live run owns it).
fn recover(parent: &Path, name: &str, out: &Path) -> std::io::Result<()> {
    let new_prefix = format!(".{name}.cloudvet-new-");
    let old_prefix = format!(".{name}.cloudvet-old-");
    let mut leftovers: Vec<PathBuf> = Vec::new();
    for entry in fs::read_dir(parent)? {
        let entry = entry?;
        let n = entry.file_name().to_string_lossy().into_owned();
        if n.starts_with(&old_prefix) && !out.exists() {
            // Two-rename publishing was cut between its renames: the old set is the
            // complete one, so it goes back.
            fs::rename(entry.path(), out)?;
        } else if n.starts_with(&new_prefix) || n.starts_with(&old_prefix) {
            leftovers.push(entry.path());
        }
    }
    leftovers.sort();
    for p in leftovers {
        fs::remove_dir_all(&p)?;
    }
    if out.is_dir() {
        for entry in fs::read_dir(out)? {
            let entry = entry?;
            let n = entry.file_name().to_string_lossy().into_owned();
            if n.starts_with('.') && n.contains(".cloudvet-tmp-") {
                fs::remove_file(entry.path())?;
            }
        }
    }
    Ok(())
}

/// Refuses a folder that holds something other than report files.
fn check_folder(out: &Path, files: &[(&str, &[u8])]) -> Result<(), PublishError> {
    let meta = match fs::symlink_metadata(out) {
        Ok(m) => m,
        Err(_) => return Ok(()),
    };
    if !meta.is_dir() {
        return Err(PublishError::NotAFolder {
            path: out.to_path_buf(),
        });
    }
    let entries = fs::read_dir(out).map_err(|e| PublishError::Io {
        path: out.to_path_buf(),
        error: e,
        replaced: false,
    })?;
    let mut foreign: Vec<String> = Vec::new();
    for entry in entries.flatten() {
        let n = entry.file_name().to_string_lossy().into_owned();
        let is_file = entry.file_type().map(|t| t.is_file()).unwrap_or(false);
        let ours = is_file
            && (files.iter().any(|(f, _)| *f == n)
                || REPORT_FILE_PREFIXES.iter().any(|p| n.starts_with(p)));
        if !ours {
            foreign.push(n);
        }
    }
    if foreign.is_empty() {
        return Ok(());
    }
    foreign.sort();
    Err(PublishError::ForeignFiles {
        dir: out.to_path_buf(),
        names: foreign,
    })
}

/// Writes every file of the set into `dir` (created fresh), in parallel, synced.
fn write_folder(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), (PathBuf, std::io::Error)> {
    fs::create_dir(dir).map_err(|e| (dir.to_path_buf(), e))?;
    let results: Vec<(PathBuf, std::io::Result<()>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .map(|(name, bytes)| {
                let path = dir.join(name);
                scope.spawn(move || {
                    let r = write_synced(&path, bytes);
                    (path, r)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    (
                        dir.to_path_buf(),
                        Err(std::io::Error::other("the writing thread failed")),
                    )
                })
            })
            .collect()
    });
    for (path, r) in results {
        r.map_err(|e| (path, e))?;
    }
    sync_dir(dir).map_err(|e| (dir.to_path_buf(), e))
}

/// Swaps the folders `new` and `out` in one step.
#[cfg(target_os = "linux")]
fn exchange(new: &Path, out: &Path, _parent: &Path, _name: &str) -> std::io::Result<()> {
    rustix::fs::renameat_with(
        rustix::fs::CWD,
        new,
        rustix::fs::CWD,
        out,
        rustix::fs::RenameFlags::EXCHANGE,
    )
    .map_err(std::io::Error::from)
}

/// Two renames where the system has no exchange; [`recover`] repairs a crash
/// between them. After it, `new` names the previous set, as on Linux.
#[cfg(not(target_os = "linux"))]
fn exchange(new: &Path, out: &Path, parent: &Path, name: &str) -> std::io::Result<()> {
    let old = parent.join(format!(".{name}.cloudvet-old-{}", std::process::id()));
    fs::rename(out, &old)?;
    if let Err(e) = fs::rename(new, out) {
        let _ = fs::rename(&old, out);
        return Err(e);
    }
    fs::rename(&old, new)
}

fn sync_dir(dir: &Path) -> std::io::Result<()> {
    // Opening a folder to sync it works on Unix; elsewhere there is nothing to sync.
    match fs::File::open(dir) {
        Ok(f) => f.sync_all().or(Ok(())),
        Err(_) => Ok(()),
    }
}

fn temp_path(path: &Path) -> PathBuf {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    dir.join(format!(".{name}.cloudvet-tmp-{}", std::process::id()))
}

fn write_synced(tmp: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = fs::File::create(tmp)?;
    f.write_all(bytes)?;
    f.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_whole_file_and_leaves_no_temp() {
        let dir = std::env::temp_dir().join(format!("cloudvet-out-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join("r.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_set_is_replaced_whole_or_not_at_all() {
        let dir = std::env::temp_dir().join(format!("cloudvet-set-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
        write_all_atomic(&[(a.clone(), b"a1"), (b.clone(), b"b1")]).unwrap();
        assert_eq!(fs::read(&a).unwrap(), b"a1");
        assert_eq!(fs::read(&b).unwrap(), b"b1");
        // The second target cannot be written (its folder does not exist): nothing changes.
        let missing = dir.join("no-such-folder").join("c.txt");
        let (path, _) = write_all_atomic(&[(a.clone(), b"a2"), (missing.clone(), b"c")])
            .expect_err("must fail");
        assert_eq!(path, missing);
        assert_eq!(
            fs::read(&a).unwrap(),
            b"a1",
            "a.txt replaced although the set failed"
        );
        let mut names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a.txt", "b.txt"], "temporary files left behind");
        fs::remove_dir_all(&dir).unwrap();
    }
}
