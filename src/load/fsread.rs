//! Reading untrusted files from disk, bounded: the one place every input file
//! (provider profiles, rule packs, requirements, reviews, DPA documents,
//! templates) is opened.
//!
//! - Only regular files are read. A FIFO, a character or block device or a
//!   socket is refused with a message naming the file. The file is opened with
//!   `O_NONBLOCK` (so opening a FIFO cannot wait for a writer) and its type is
//!   checked again on the open handle (so a swap between the check and the open
//!   cannot slip a device in).
//! - Every read is bounded by the limit, whatever `stat` says: the reader takes
//!   at most `limit + 1` bytes (`/dev/zero` behind a symlink, a file that grows
//!   while read, a file system that reports size 0).
//! - Symbolic links are followed; a link that loops or points nowhere gets its
//!   own message instead of "no such file".
//!
//! Messages are plain English like every loader diagnostic; each caller wraps a
//! [`ReadError`] into its own stage's code.

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// Nothing at this path.
    Missing(io::Error),
    /// A symbolic link at this path points to nothing.
    Dangling,
    /// Symbolic links at this path loop (`a -> b -> a`, `self -> self`).
    Loop,
    /// A folder where a file is expected.
    Folder,
    /// Not a regular file: the kind, in words ("a named pipe (FIFO)").
    Special(&'static str),
    /// More bytes than the limit: the size `stat` reported, or `None` when the
    /// read itself ran past the limit (a device or a growing file).
    TooLarge { size: Option<u64>, limit: u64 },
    /// Any other failure (permissions, I/O).
    Io(io::Error),
}

impl ReadError {
    /// The diagnostic message (without the file name, which the diagnostic carries).
    pub fn message(&self) -> String {
        match self {
            ReadError::Missing(e) => format!("cannot read the file: {e}"),
            ReadError::Dangling => {
                "this is a symbolic link to a file that does not exist".to_string()
            }
            ReadError::Loop => {
                "this is a symbolic link that loops (it points, directly or through other links, back to itself)"
                    .to_string()
            }
            ReadError::Folder => "this is a folder, not a file".to_string(),
            ReadError::Special(kind) => {
                format!("this is {kind}, not a regular file; cloudvet reads regular files only")
            }
            ReadError::TooLarge {
                size: Some(n),
                limit,
            } => format!(
                "the file has {n} bytes; the limit is {limit} bytes ({})",
                mib(*limit)
            ),
            ReadError::TooLarge { size: None, limit } => format!(
                "the file has more than {limit} bytes ({}), the limit",
                mib(*limit)
            ),
            ReadError::Io(e) => format!("cannot read the file: {e}"),
        }
    }

    /// What to do about it.
    pub fn help(&self) -> &'static str {
        match self {
            ReadError::Missing(_) | ReadError::Io(_) => {
                "check the path and the file's permissions"
            }
            ReadError::Dangling | ReadError::Loop => {
                "point the link at the real file (`ls -l` shows where it points), or pass the file itself"
            }
            ReadError::Folder => "pass a file inside the folder, or rename the folder",
            ReadError::Special(_) => {
                "pass the file itself: pipes, devices and sockets are not read (save the data to a file first)"
            }
            ReadError::TooLarge { .. } => "check that this is the intended file",
        }
    }

    /// The file is too large (callers with their own size code use it).
    pub fn is_too_large(&self) -> bool {
        matches!(self, ReadError::TooLarge { .. })
    }
}

fn mib(limit: u64) -> String {
    if limit.is_multiple_of(1024 * 1024) {
        format!("{} MiB", limit / (1024 * 1024))
    } else {
        format!("{} KiB", limit.div_ceil(1024))
    }
}

/// The kind of a file that is not regular, in words; `None` for a regular file.
pub fn special_kind(meta: &Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// `stat` of `path` following links, with loops and dangling links told apart
/// from a missing path.
pub fn stat(path: &Path) -> Result<Metadata, ReadError> {
    match std::fs::metadata(path) {
        Ok(m) => Ok(m),
        Err(e) => Err(classify_error(path, e)),
    }
}

fn is_loop(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        rustix::io::Errno::from_io_error(e) == Some(rustix::io::Errno::LOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

fn classify_error(path: &Path, e: io::Error) -> ReadError {
    if is_loop(&e) {
        return ReadError::Loop;
    }
    if e.kind() == io::ErrorKind::NotFound {
        // The link itself exists: it points nowhere.
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return ReadError::Dangling;
        }
        return ReadError::Missing(e);
    }
    ReadError::Io(e)
}

fn open_nonblocking(path: &Path) -> io::Result<File> {
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO for reading would wait for a writer; with O_NONBLOCK it
        // returns at once and the type check on the handle refuses it. On a
        // regular file O_NONBLOCK changes nothing. O_NOCTTY: a terminal device
        // never becomes the controlling terminal.
        o.custom_flags((rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOCTTY).bits() as i32);
    }
    o.open(path)
}

/// Reads the regular file at `path`, at most `limit` bytes (see the module doc).
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let meta = stat(path)?;
    if meta.is_dir() {
        return Err(ReadError::Folder);
    }
    if let Some(kind) = special_kind(&meta) {
        // Sockets cannot even be opened; FIFOs and devices are never opened.
        return Err(ReadError::Special(kind));
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            size: Some(meta.len()),
            limit,
        });
    }
    let file = open_nonblocking(path).map_err(|e| classify_error(path, e))?;
    // The path may have changed between the stat and the open: check the handle.
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::Folder);
    }
    if let Some(kind) = special_kind(&meta) {
        return Err(ReadError::Special(kind));
    }
    let mut bytes = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { size: None, limit });
    }
    Ok(bytes)
}

/// Reads a regular text file (UTF-8) bounded by `limit`.
pub fn read_regular_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_regular(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        ReadError::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the file is not valid UTF-8 (first bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        ))
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn tmp(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("cloudvet-fsread-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn devices_are_refused_and_reads_are_bounded() {
        assert!(matches!(
            read_regular(Path::new("/dev/zero"), 10),
            Err(ReadError::Special("a character device"))
        ));
        let d = tmp("bound");
        let f = d.join("a.yaml");
        std::fs::write(&f, b"0123456789").unwrap();
        assert_eq!(read_regular(&f, 10).unwrap().len(), 10);
        assert!(matches!(
            read_regular(&f, 9),
            Err(ReadError::TooLarge {
                size: Some(10),
                limit: 9
            })
        ));
        std::os::unix::fs::symlink("self.yaml", d.join("self.yaml")).unwrap();
        assert!(matches!(
            read_regular(&d.join("self.yaml"), 9),
            Err(ReadError::Loop)
        ));
        std::os::unix::fs::symlink("gone.yaml", d.join("dangling.yaml")).unwrap();
        assert!(matches!(
            read_regular(&d.join("dangling.yaml"), 9),
            Err(ReadError::Dangling)
        ));
        assert!(matches!(read_regular(&d, 9), Err(ReadError::Folder)));
        let _ = std::fs::remove_dir_all(&d);
    }
}
