//! Loading a PDF's objects within the reader's budgets (docs/reliability.md, "PDF
//! reader"). lopdf parses; this module decides what it is given and stops it.
//!
//! - **Our own index of the file.** A PDF's cross-reference table is a list of
//!   offsets the file chooses, and lopdf parses an object at every one of them:
//!   200,000 entries pointing at one heavy object, into one long run of spaces, or
//!   into one long comment line cost hours. So the reader never follows the file's
//!   offsets. It scans the file once (as PDF repair tools do), finds every
//!   top-level `N G obj` header, and hands lopdf a fresh table naming each object
//!   once, at its header (the last definition of an id wins, as in an incremental
//!   update). lopdf's parse of one object stops at the next header (`obj` is not
//!   a value), so its work adds up to one pass over the file — except for a
//!   stream's declared `/Length`, which may run over later objects: the bytes of
//!   all streams together may not exceed the file's own size.
//! - **Object streams** are decoded here against the budget, and their index is
//!   checked the same way: the objects it lists may not overlap.
//! - **Encrypted PDFs** (most "protected" agreements open with the empty
//!   password and only restrict printing or copying) take the same path: the
//!   encryption dictionary is read on its own, and every object is decrypted by
//!   us, so the budgets apply to them exactly as to a plain file. A PDF that needs
//!   a password is refused as encrypted.
//! - **Stopping lopdf.** lopdf calls our filter after each object; when a budget
//!   is exceeded, the filter unwinds out of lopdf with a private marker
//!   (`resume_unwind`, which prints nothing) and the load ends there.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use super::{budget, Exceeded};

/// Why loading stopped.
#[derive(Debug)]
pub(super) enum Failure {
    Budget(Exceeded),
    /// Encrypted, and the empty password does not open it (or the handler is not
    /// the standard one).
    Encrypted,
    /// lopdf could not read it (its message).
    Unreadable(String),
}

/// A loaded document and the bytes decoded while loading it (object streams).
pub(super) struct Loaded {
    pub doc: lopdf::Document,
    pub decoded: usize,
}

// ---------------------------------------------------------------------------
// The tokenizer: PDF syntax at the level of tokens, enough to count values,
// find object headers and measure an object's extent without building anything.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    /// A number, keyword or operator.
    Word,
    Name,
    Str,
    /// `[` or `<<`.
    Open,
    /// `]` or `>>`.
    Close,
    Other,
}

fn is_ws(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0
}

fn is_delim(b: u8) -> bool {
    b"()<>[]{}/%".contains(&b) || is_ws(b)
}

struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Lexer<'a> {
    fn new(b: &'a [u8], at: usize) -> Self {
        Lexer { b, i: at }
    }

    /// The next token: (start, end, kind); whitespace and comments are skipped.
    fn next(&mut self) -> Option<(usize, usize, Tok)> {
        let b = self.b;
        loop {
            while self.i < b.len() && is_ws(b[self.i]) {
                self.i += 1;
            }
            if self.i >= b.len() {
                return None;
            }
            if b[self.i] == b'%' {
                while self.i < b.len() && b[self.i] != b'\n' && b[self.i] != b'\r' {
                    self.i += 1;
                }
                continue;
            }
            break;
        }
        let start = self.i;
        let kind = match b[start] {
            b'(' => {
                let mut depth = 0usize;
                while self.i < b.len() {
                    match b[self.i] {
                        b'\\' => self.i += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    self.i += 1;
                }
                self.i = (self.i + 1).min(b.len());
                Tok::Str
            }
            b'<' if b.get(start + 1) == Some(&b'<') => {
                self.i += 2;
                Tok::Open
            }
            b'>' if b.get(start + 1) == Some(&b'>') => {
                self.i += 2;
                Tok::Close
            }
            b'<' => {
                while self.i < b.len() && b[self.i] != b'>' {
                    self.i += 1;
                }
                self.i = (self.i + 1).min(b.len());
                Tok::Str
            }
            b'[' => {
                self.i += 1;
                Tok::Open
            }
            b']' => {
                self.i += 1;
                Tok::Close
            }
            b'{' | b'}' | b'>' | b')' => {
                self.i += 1;
                Tok::Other
            }
            c => {
                self.i += 1;
                while self.i < b.len() && !is_delim(b[self.i]) {
                    self.i += 1;
                }
                if c == b'/' {
                    Tok::Name
                } else {
                    Tok::Word
                }
            }
        };
        Some((start, self.i, kind))
    }
}

/// The end of `needle` at or after `from` (or the end of `hay`).
fn find_end(hay: &[u8], from: usize, needle: &[u8]) -> usize {
    hay.get(from..)
        .and_then(|h| h.windows(needle.len()).position(|w| w == needle))
        .map_or(hay.len(), |p| from + p + needle.len())
}

/// Counts the tokens (operators and operands) of a content stream without
/// building them, stopping past `limit`, and returns the byte ranges of its
/// inline images (`BI … ID data EI`), which count as one token each. The
/// caller blanks those: the reader needs no image data, and lopdf's
/// inline-image parser panics on some dictionaries.
pub(super) fn content_tokens(content: &[u8], limit: usize) -> (usize, Vec<(usize, usize)>) {
    let mut n = 0;
    let mut images = Vec::new();
    let mut lx = Lexer::new(content, 0);
    while n <= limit {
        let Some((start, end, kind)) = lx.next() else {
            break;
        };
        n += 1;
        if kind == Tok::Word && &content[start..end] == b"BI" {
            // The image dictionary, up to `ID`; then the data: as long as the
            // dictionary says (unfiltered data of known size, followed by
            // `EI`), else up to a whitespace-delimited `EI` (as lopdf's own
            // fallback looks for it; binary data may hold one by chance).
            let mut data = None;
            let mut dict: Vec<(&[u8], &[u8])> = Vec::new();
            let mut key: Option<&[u8]> = None;
            while let Some((s, e, k)) = lx.next() {
                n += 1;
                if k == Tok::Word && &content[s..e] == b"ID" {
                    data = Some(e + 1);
                    break;
                }
                match (key.take(), k) {
                    (None, Tok::Name) => key = Some(&content[s + 1..e]),
                    (Some(name), _) => dict.push((name, &content[s..e])),
                    _ => {}
                }
                if n > limit {
                    break;
                }
            }
            let stop = match data {
                Some(d) => {
                    let d = d.min(content.len());
                    let sized = inline_image_len(&dict)
                        .and_then(|len| d.checked_add(len))
                        .and_then(|after| {
                            let mut j = after;
                            while j < content.len() && is_ws(content[j]) {
                                j += 1;
                            }
                            content
                                .get(j..j + 2)
                                .is_some_and(|w| w == b"EI")
                                .then_some(j + 2)
                        });
                    sized.unwrap_or_else(|| {
                        content[d..]
                            .windows(4)
                            .position(|w| {
                                is_ws(w[0])
                                    && w[1] == b'E'
                                    && w[2] == b'I'
                                    && (is_delim(w[3]) || w[3] == 0)
                            })
                            .map_or(content.len(), |p| d + p + 3)
                    })
                }
                None => content.len(),
            };
            images.push((start, stop));
            lx.i = stop;
        }
    }
    (n, images)
}

/// The byte length of an inline image's data from its dictionary: unfiltered
/// data of width × height samples of the colour space's components at the
/// given bits (`None` when filtered or not fully described).
fn inline_image_len(dict: &[(&[u8], &[u8])]) -> Option<usize> {
    let get = |short: &[u8], long: &[u8]| {
        dict.iter()
            .find(|(k, _)| *k == short || *k == long)
            .map(|(_, v)| *v)
    };
    if get(b"F", b"Filter").is_some() {
        return None;
    }
    let num = |short: &[u8], long: &[u8]| -> Option<usize> { parse_num(get(short, long)?) };
    let (w, h) = (num(b"W", b"Width")?, num(b"H", b"Height")?);
    let (comps, bpc) = if get(b"IM", b"ImageMask") == Some(b"true") {
        (1, 1)
    } else {
        let comps = match get(b"CS", b"ColorSpace")? {
            b"/G" | b"/DeviceGray" | b"/Gray" => 1,
            b"/RGB" | b"/DeviceRGB" => 3,
            b"/CMYK" | b"/DeviceCMYK" => 4,
            _ => return None,
        };
        (comps, num(b"BPC", b"BitsPerComponent")?)
    };
    let row_bits = w.checked_mul(comps)?.checked_mul(bpc)?;
    h.checked_mul(row_bits.div_ceil(8))
}

/// The extent of the direct object starting at or after `at`: (end, tokens). A
/// parser reading one object from `at` reads no further (it stops where the
/// brackets balance).
fn object_extent(b: &[u8], at: usize) -> (usize, usize) {
    let mut lx = Lexer::new(b, at);
    let mut depth = 0usize;
    let mut tokens = 0;
    while let Some((_, end, kind)) = lx.next() {
        tokens += 1;
        match kind {
            Tok::Open => depth += 1,
            Tok::Close => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth == 0 {
            return (end, tokens);
        }
    }
    (b.len(), tokens)
}

// ---------------------------------------------------------------------------
// The file's own index.

/// What one pass over the raw file found.
#[derive(Debug, Default)]
struct FileIndex {
    /// Values outside streams and cross-reference tables (each object's within
    /// `budget::OBJECT_VALUES`, all within `budget::PARSED_VALUES`).
    values: usize,
    /// Top-level objects: id → (generation, offset of the header); the last
    /// definition in the file wins.
    objects: BTreeMap<u32, (u16, usize)>,
    /// Offsets of every header, in file order (for the end of one object).
    headers: Vec<usize>,
    root: Option<(u32, u16)>,
    info: Option<(u32, u16)>,
    encrypt: Option<(u32, u16)>,
    /// The raw `/ID [...]` array.
    id: Option<Vec<u8>>,
}

fn digits(b: &[u8]) -> bool {
    !b.is_empty() && b.len() <= 10 && b.iter().all(u8::is_ascii_digit)
}

fn parse_num<T: std::str::FromStr>(b: &[u8]) -> Option<T> {
    std::str::from_utf8(b).ok()?.parse().ok()
}

/// Scans the file (from its `%PDF-` header on) once: counts values outside
/// streams and cross-reference tables, finds top-level object headers and the
/// trailer entries lopdf needs. Stops past a value budget.
fn index_file(body: &[u8]) -> Result<FileIndex, Exceeded> {
    let mut idx = FileIndex::default();
    let mut lx = Lexer::new(body, 0);
    // The last two tokens (start, end, kind), for `N G obj` and `N G R`.
    let mut last: [Option<(usize, usize, Tok)>; 2] = [None, None];
    // A trailer key waiting for its `N G R`: which, and the tokens seen.
    let mut pending: Option<(u8, usize)> = None;
    // Values since the last header: one object's.
    let mut in_object = 0usize;
    while let Some(t @ (start, end, kind)) = lx.next() {
        idx.values += 1;
        in_object += 1;
        if idx.values > budget::PARSED_VALUES {
            return Err(Exceeded::ParsedValues);
        }
        if in_object > budget::OBJECT_VALUES {
            return Err(Exceeded::ObjectValues);
        }
        let word = &body[start..end];
        let reference = |last: &[Option<(usize, usize, Tok)>; 2]| -> Option<(u32, u16)> {
            let (Some(a), Some(g)) = (last[0], last[1]) else {
                return None;
            };
            let (a, g) = (&body[a.0..a.1], &body[g.0..g.1]);
            if digits(a) && digits(g) {
                Some((parse_num(a)?, parse_num(g)?))
            } else {
                None
            }
        };
        if kind == Tok::Word {
            match word {
                b"stream" => {
                    lx.i = find_end(body, end, b"endstream");
                    last = [None, None];
                    pending = None;
                    continue;
                }
                b"xref" => {
                    lx.i = find_end(body, end, b"trailer");
                    last = [None, None];
                    pending = None;
                    continue;
                }
                b"obj" => {
                    if let (Some((id, gen)), Some(a)) = (reference(&last), last[0]) {
                        if idx.objects.len() >= budget::DOC_OBJECTS
                            && !idx.objects.contains_key(&id)
                        {
                            return Err(Exceeded::Objects);
                        }
                        idx.objects.insert(id, (gen, a.0));
                        idx.headers.push(a.0);
                        in_object = 0;
                    }
                }
                b"R" => {
                    if let Some((which, 2)) = pending {
                        if let Some(r) = reference(&last) {
                            match which {
                                b'R' => idx.root = Some(r),
                                b'I' => idx.info = Some(r),
                                _ => idx.encrypt = Some(r),
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        pending = match (kind, word) {
            (Tok::Name, b"/Root") => Some((b'R', 0)),
            (Tok::Name, b"/Info") => Some((b'I', 0)),
            (Tok::Name, b"/Encrypt") => Some((b'E', 0)),
            (Tok::Name, b"/ID") => {
                // `[<hex> <hex>]`, copied as written (at most 1 KiB).
                let mut j = end;
                while j < body.len() && is_ws(body[j]) {
                    j += 1;
                }
                if body.get(j) == Some(&b'[') {
                    let stop = (j + 1024).min(body.len());
                    if let Some(p) = body[j..stop].iter().position(|c| *c == b']') {
                        idx.id = Some(body[j..=j + p].to_vec());
                    }
                }
                None
            }
            _ => pending.and_then(|(w, n)| (n < 2).then_some((w, n + 1))),
        };
        last = [last[1], Some(t)];
    }
    Ok(idx)
}

/// The file with a fresh cross-reference table naming each object of `idx` once,
/// and a trailer with its root, info and ID (never `/Encrypt`: decryption is ours).
fn reindexed(body: &[u8], idx: &FileIndex) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + idx.objects.len() * 20 + 256);
    out.extend_from_slice(body);
    out.push(b'\n');
    let xref = out.len();
    let mut table = String::from("xref\n0 1\n0000000000 65535 f \n");
    let ids: Vec<(&u32, &(u16, usize))> = idx.objects.iter().collect();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i + 1;
        while j < ids.len() && ids[j].0.checked_sub(*ids[j - 1].0) == Some(1) {
            j += 1;
        }
        let _ = writeln!(table, "{} {}", ids[i].0, j - i);
        for (_, (gen, off)) in &ids[i..j] {
            let _ = writeln!(table, "{off:010} {gen:05} n ");
        }
        i = j;
    }
    out.extend_from_slice(table.as_bytes());
    let size = idx
        .objects
        .keys()
        .next_back()
        .map_or(1, |m| u64::from(*m) + 1);
    let mut trailer = format!("trailer\n<< /Size {size}");
    if let Some((r, g)) = idx.root {
        let _ = write!(trailer, " /Root {r} {g} R");
    }
    if let Some((r, g)) = idx.info {
        let _ = write!(trailer, " /Info {r} {g} R");
    }
    out.extend_from_slice(trailer.as_bytes());
    if let Some(id) = &idx.id {
        out.extend_from_slice(b" /ID ");
        out.extend_from_slice(id);
    }
    out.extend_from_slice(format!(" >>\nstartxref\n{xref}\n%%EOF\n").as_bytes());
    out
}

// ---------------------------------------------------------------------------
// Encryption.

/// The decryption state for the empty password, from the encryption dictionary
/// read on its own; `None` when the empty password does not open the file.
fn crypt_state(
    body: &[u8],
    idx: &FileIndex,
    (eid, egen): (u32, u16),
) -> Option<lopdf::EncryptionState> {
    let &(gen, off) = idx.objects.get(&eid)?;
    if gen != egen {
        return None;
    }
    let next = idx
        .headers
        .iter()
        .copied()
        .filter(|h| *h > off)
        .min()
        .unwrap_or(body.len());
    let mut mini = b"%PDF-1.7\n".to_vec();
    let at = mini.len();
    mini.extend_from_slice(&body[off..next]);
    mini.push(b'\n');
    let xref = mini.len();
    let mut tail = format!(
        "xref\n0 1\n0000000000 65535 f \n{eid} 1\n{at:010} {gen:05} n \ntrailer\n<< /Size {} /Encrypt {eid} {gen} R",
        u64::from(eid) + 1
    );
    if let Some(id) = &idx.id {
        tail.push_str(" /ID ");
        tail.push_str(&String::from_utf8_lossy(id));
    }
    let _ = write!(tail, " >>\nstartxref\n{xref}\n%%EOF\n");
    mini.extend_from_slice(tail.as_bytes());
    lopdf::Document::load_mem(&mini).ok()?.encryption_state
}

// ---------------------------------------------------------------------------
// The load filter and its budget.

/// What loading has spent so far (see `LOAD`).
#[derive(Default)]
struct LoadState {
    objects: usize,
    decoded: usize,
    /// Values parsed: the file's, then those of decoded object streams.
    values: usize,
    /// Values of the objects kept (the structure tree is dropped).
    kept: usize,
    /// Bytes of stream content lopdf copied.
    stream_bytes: usize,
    exceeded: Option<Exceeded>,
    /// The file as given to lopdf (to measure streams whose length lopdf
    /// could not resolve).
    file: std::rc::Rc<[u8]>,
    /// Decryption: the state, the encryption dictionary's id, and the object
    /// streams already decrypted by the filter.
    crypt: Option<(lopdf::EncryptionState, lopdf::ObjectId)>,
    decrypted: HashSet<lopdf::ObjectId>,
}

thread_local! {
    /// lopdf's object filter is a plain `fn`, so its state lives here, per thread.
    static LOAD: std::cell::RefCell<LoadState> = std::cell::RefCell::new(LoadState::default());
}

/// The marker the filter unwinds with.
struct Stop;

fn stop(state: &mut LoadState, e: Exceeded) -> ! {
    state.exceeded = Some(e);
    std::panic::resume_unwind(Box::new(Stop))
}

/// lopdf's load filter: counts objects and stream bytes, decodes object streams
/// against the budget (after decrypting them) and checks their index; stops the
/// load when a budget is exceeded.
fn load_filter(
    id: lopdf::ObjectId,
    obj: &mut lopdf::Object,
) -> Option<(lopdf::ObjectId, lopdf::Object)> {
    LOAD.with_borrow_mut(|state| filter(state, id, obj))
}

fn filter(
    state: &mut LoadState,
    id: lopdf::ObjectId,
    obj: &mut lopdf::Object,
) -> Option<(lopdf::ObjectId, lopdf::Object)> {
    state.objects += 1;
    if state.objects > budget::DOC_OBJECTS {
        stop(state, Exceeded::Objects);
    }
    let mut objstm = false;
    if let lopdf::Object::Stream(stream) = obj {
        // A stream whose `/Length` lopdf could not resolve is read later from
        // its start to `/Length`: measure it now, to the next `endstream`.
        if stream.content.is_empty() {
            if let Some(start) = stream.start_position {
                let file = &state.file;
                let mut len = file
                    .get(start..)
                    .and_then(|h| h.windows(9).position(|w| w == b"endstream"))
                    .unwrap_or(0);
                while len > 0 && matches!(file.get(start + len - 1), Some(b'\r' | b'\n')) {
                    len -= 1;
                }
                stream.dict.set(
                    "Length",
                    lopdf::Object::Integer(i64::try_from(len).unwrap_or(0)),
                );
                state.stream_bytes += len;
            }
        }
        state.stream_bytes += stream.content.len();
        if state.stream_bytes > state.file.len() {
            stop(state, Exceeded::StreamBytes);
        }
        objstm = stream.dict.has_type(b"ObjStm");
    }
    if objstm {
        if let Some((crypt, eid)) = &state.crypt {
            if id != *eid {
                let _ = lopdf::encryption::decrypt_object(crypt, id, obj);
                state.decrypted.insert(id);
            }
        }
        if let lopdf::Object::Stream(stream) = obj {
            object_stream(state, stream);
        }
    }
    // A tagged PDF's structure tree (elements and their references to content)
    // is most of its objects and never needed for the text: dropped once parsed.
    if let lopdf::Object::Dictionary(d) = obj {
        if matches!(d.get(b"Type"), Ok(lopdf::Object::Name(n)) if matches!(n.as_slice(), b"StructElem" | b"MCR" | b"OBJR"))
        {
            return None;
        }
    }
    state.kept += values_in(obj);
    if state.kept > budget::FILE_VALUES {
        stop(state, Exceeded::FileValues);
    }
    // lopdf keeps `obj` for objects of the file and the returned copy for those
    // inside object streams (never streams themselves, so the copy is small).
    Some((id, obj.clone()))
}

/// Values in an object as the index counts them (brackets included; a
/// stream's dictionary only). lopdf nests at most 100 levels.
fn values_in(obj: &lopdf::Object) -> usize {
    match obj {
        lopdf::Object::Array(a) => 2 + a.iter().map(values_in).sum::<usize>(),
        lopdf::Object::Dictionary(d) => 2 + d.iter().map(|(_, v)| 1 + values_in(v)).sum::<usize>(),
        lopdf::Object::Stream(s) => 2 + s.dict.iter().map(|(_, v)| 1 + values_in(v)).sum::<usize>(),
        lopdf::Object::Reference(_) => 3,
        _ => 1,
    }
}

/// Decodes an object stream against the budgets and checks its index: the
/// objects it lists are parsed by lopdf one by one from their offsets, so those
/// may not overlap (a thousand entries pointing at one heavy object, or into one
/// long run of spaces, would be parsed a thousand times).
fn object_stream(state: &mut LoadState, stream: &mut lopdf::Stream) {
    let left = budget::DOC_DECODED_BYTES.saturating_sub(state.decoded);
    let (limit, which) = if budget::PAGE_DECODED_BYTES < left {
        (budget::PAGE_DECODED_BYTES, Exceeded::StreamDecoded)
    } else {
        (left, Exceeded::DocDecoded)
    };
    let data = if stream.is_compressed() {
        match stream.get_plain_content_with_limit(limit) {
            Ok(d) => d,
            Err(lopdf::Error::Decompress(lopdf::DecompressError::MemoryLimitExceeded {
                ..
            })) => stop(state, which),
            // Undecodable: lopdf drops it; its objects are missing.
            Err(_) => return,
        }
    } else {
        if stream.content.len() > limit {
            stop(state, which);
        }
        stream.content.clone()
    };
    state.decoded += data.len();
    let first = stream
        .dict
        .get(b"First")
        .and_then(lopdf::Object::as_i64)
        .map_or(0, |f| usize::try_from(f).unwrap_or(0).min(data.len()));
    // The values lopdf builds, all at once: what each listed object's parse
    // reads, summed. For objects that do not overlap this is the stream's own
    // count; the bytes they span may not exceed the stream's length.
    let mut values_left = budget::OBJECT_VALUES;
    let mut bytes_left = data.len() - first;
    let mut numbers = data[..first].split(|b| is_ws(*b)).filter(|t| !t.is_empty());
    while let (Some(_), Some(off)) = (numbers.next(), numbers.next()) {
        let Some(off) = parse_num::<usize>(off) else {
            continue;
        };
        let Some(at) = first.checked_add(off).filter(|a| *a < data.len()) else {
            continue;
        };
        let (end, tokens) = object_extent(&data, at);
        let span = end - at;
        if tokens > values_left {
            stop(state, Exceeded::ObjectValues);
        }
        if span > bytes_left {
            stop(state, Exceeded::ObjStmOverlap);
        }
        values_left -= tokens;
        bytes_left -= span;
    }
    state.values += budget::OBJECT_VALUES - values_left;
    if state.values > budget::PARSED_VALUES {
        stop(state, Exceeded::ParsedValues);
    }
    stream.set_plain_content(data);
}

/// Loads `body` (the file from its `%PDF-` header on) within the budgets.
pub(super) fn load(body: &[u8]) -> Result<Loaded, Failure> {
    let idx = index_file(body).map_err(Failure::Budget)?;
    let crypt = match idx.encrypt {
        Some(e) => match crypt_state(body, &idx, e) {
            Some(s) => Some((s, e)),
            None => return Err(Failure::Encrypted),
        },
        None => None,
    };
    let file: std::rc::Rc<[u8]> = reindexed(body, &idx).into();
    LOAD.set(LoadState {
        values: idx.values,
        file: std::rc::Rc::clone(&file),
        crypt: crypt.as_ref().map(|(s, (i, g))| (s.clone(), (*i, *g))),
        ..LoadState::default()
    });
    let options = lopdf::LoadOptions {
        filter: Some(load_filter),
        // lopdf's own per-stream bound for any stream it decodes while loading
        // (object streams come decoded from the filter).
        max_decompressed_size: Some(budget::PAGE_DECODED_BYTES),
        ..Default::default()
    };
    let loaded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        lopdf::Document::load_mem_with_options(&file, options)
    }));
    let state = LOAD.take();
    let mut doc = match loaded {
        Ok(Ok(d)) => d,
        Ok(Err(e)) => return Err(Failure::Unreadable(e.to_string())),
        Err(payload) if payload.is::<Stop>() => {
            return Err(Failure::Budget(state.exceeded.unwrap_or(Exceeded::Objects)))
        }
        Err(payload) => std::panic::resume_unwind(payload),
    };
    if let Some((crypt, (eid, egen))) = &crypt {
        // Every object of the file but the encryption dictionary and the object
        // streams the filter decrypted; objects from object streams are not
        // encrypted one by one.
        for (id, obj) in doc.objects.iter_mut() {
            let top = idx.objects.get(&id.0).is_some_and(|(g, _)| *g == id.1);
            if !top || *id == (*eid, *egen) || state.decrypted.contains(id) {
                continue;
            }
            let _ = lopdf::encryption::decrypt_object(crypt, *id, obj);
        }
    }
    Ok(Loaded {
        doc,
        decoded: state.decoded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_finds_headers_and_the_trailer() {
        let f = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n2 0 obj << /Length 9 >> stream\n3 0 obj x\nendstream endobj\n3 0 obj (a) endobj\nxref\n0 4\n0000000000 65535 f \ntrailer << /Root 1 0 R /ID [<ab> <cd>] >>\n";
        let idx = index_file(f).unwrap();
        assert_eq!(
            idx.objects.keys().copied().collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
        assert_eq!(idx.root, Some((1, 0)));
        assert_eq!(idx.id.as_deref(), Some(&b"[<ab> <cd>]"[..]));
        // The header inside the stream is not an object.
        assert_eq!(idx.headers.len(), 3);
    }

    #[test]
    fn inline_images_are_one_token_and_found() {
        let c = b"q BI /W 1 /H 1 /BPC 8 ID \x00\xff(EI EI Q";
        let (n, images) = content_tokens(c, 100);
        assert_eq!(images.len(), 1);
        assert_eq!(
            &c[images[0].0..images[0].1],
            &b"BI /W 1 /H 1 /BPC 8 ID \x00\xff(EI EI"[..]
        );
        assert_eq!(n, 1 + 1 + 6 + 1 + 1);
    }

    #[test]
    fn an_inline_image_of_known_size_may_hold_ei_in_its_data() {
        // Two bytes of grey data that read ` EI` by chance, then the real end.
        let c = b"BI /W 3 /H 1 /BPC 8 /CS /G ID \nEI EI (after) Tj";
        let (_, images) = content_tokens(c, 100);
        assert_eq!(
            &c[images[0].0..images[0].1],
            &b"BI /W 3 /H 1 /BPC 8 /CS /G ID \nEI EI"[..]
        );
        // Filtered data: up to the first `EI`.
        let c = b"BI /W 3 /H 1 /BPC 8 /CS /G /F /AHx ID 00> EI Q";
        let (_, images) = content_tokens(c, 100);
        assert!(c[images[0].1..].starts_with(b" Q"));
    }

    #[test]
    fn extents_stop_where_brackets_balance() {
        assert_eq!(object_extent(b"  [1 [2] <<>>] 5", 0), (14, 8));
        assert_eq!(object_extent(b"5 0 R", 0), (1, 1));
    }
}
