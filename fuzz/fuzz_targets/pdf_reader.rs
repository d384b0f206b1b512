//! The PDF reader alone (`dpa::text::read_document` on a `.pdf`), with its
//! budgets (`dpa::text::budget`). The first byte picks how the rest is used:
//! the whole file as is (the xref, object and stream parsers), or the bytes as
//! the content stream of a generated one-page PDF, raw or marked FlateDecode,
//! shared by 1 to 64 pages (the content interpreter, the shared-stream cache,
//! the decode budgets). Run with a memory limit of 256 MiB
//! (`scripts/fuzz-all.sh` sets it for this target): the reader promises 200 MB.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn wrapped(content: &[u8], pages: usize, flate: bool) -> Vec<u8> {
    let mut out: Vec<u8> = b"%PDF-1.5\n".to_vec();
    let mut offsets = Vec::new();
    let kids: Vec<String> = (0..pages).map(|i| format!("{} 0 R", 5 + i)).collect();
    let filter = if flate { "/Filter /FlateDecode" } else { "" };
    let mut objs: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!("<< /Type /Pages /Kids [{}] /Count {pages} >>", kids.join(" ")).into_bytes(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_vec(),
    ];
    let mut s = format!("<< /Length {} {filter} >>\nstream\n", content.len()).into_bytes();
    s.extend_from_slice(content);
    s.extend_from_slice(b"\nendstream");
    objs.push(s);
    for _ in 0..pages {
        objs.push(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>"
                .to_vec(),
        );
    }
    for (i, o) in objs.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(o);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objs.len() + 1).as_bytes());
    for o in offsets {
        out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objs.len() + 1
        )
        .as_bytes(),
    );
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let bytes = match mode % 4 {
        0 => rest.to_vec(),
        m => wrapped(rest, 1 + (mode as usize >> 2) % 64, m == 2),
    };
    match cloudvet::dpa::text::read_document("fuzz.pdf", &bytes) {
        Ok(doc) => {
            std::hint::black_box(doc.lines.len());
        }
        Err(d) => {
            // Every refusal is a coded diagnostic naming the file.
            assert!(d.code.as_str().starts_with("dpa-"), "{}", d.code);
            assert_eq!(d.file.as_deref(), Some("fuzz.pdf"));
        }
    }
});
