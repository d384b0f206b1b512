//! Writing results: atomically (temp file in the same folder, synced, then renamed), so an
//! existing report is never left half-written and a failure leaves no partial file; a set
//! of files (`write_all_atomic`) is replaced only when every one of them could be written.

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
