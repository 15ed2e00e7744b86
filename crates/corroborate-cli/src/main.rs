//! `corroborate`: reads a pile of news articles and produces a story dossier in which every
//! statement points to exact character spans in the sources.

#![deny(clippy::string_slice)]

mod ingest_cmd;
mod person_cmd;
mod report_cmd;
mod serve_cmd;
mod watch_cmd;
mod web_inputs;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use corroborate_cli::{AnalyzeRequest, Progress};
use corroborate_core::load::Manifest;
use corroborate_render::dossier::Dossier;
use corroborate_render::json::ReportOptions;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// mimalloc instead of the system allocator: a large run frees most of what each stage
/// allocated, and mimalloc hands it back to the system where glibc's allocator keeps it
/// (`docs/performance.md`). Built without transparent huge pages (`no_thp`): the kernel zeroed
/// a whole 2 MB page at each first touch, and a fifth of an ingest's CPU time went to it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod dates_cmd;
mod record_cmd;

/// Exit code: every input was read cleanly.
const EXIT_OK: u8 = 0;
/// Exit code: some inputs were skipped or had problems (each named on stderr).
const EXIT_INPUT_PROBLEMS: u8 = 1;
/// Exit code: the command line was wrong (clap also exits with 2).
const EXIT_USAGE: u8 = 2;
/// Exit code: the run itself failed (e.g. the output could not be written).
const EXIT_FAILURE: u8 = 3;

#[derive(Parser)]
#[command(
    name = "corroborate",
    version,
    about = "Reconcile news coverage: who's who, who said what, what happened when — every statement cited to exact spans.",
    long_about = "Corroborate reads a pile of news articles (text, HTML or JSON Lines) and produces a story \
dossier in which every statement points to exact character spans in the sources.\n\n\
Offsets in the JSON output are Unicode code points into documents[].text, so text[start:end] \
in Python gives the span. See docs/report-format.md.",
    after_help = "EXAMPLES:\n  \
corroborate analyze examples/corpus                 # JSON report on stdout\n  \
corroborate analyze articles/ --out report/         # writes report/report.json\n  \
corroborate analyze a.txt b.html --manifest m.csv   # outlet and date per file from a manifest\n\n\
EXIT CODES:\n  0  all inputs read\n  1  some inputs skipped or warned about (each named on stderr)\n  \
2  usage error\n  3  the run failed (e.g. output not writable)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Analyse articles and write a report.
    #[command(after_help = "EXAMPLES:\n  \
corroborate analyze examples/corpus\n  \
corroborate analyze ../shared/seeds --out out/ --quiet\n  \
corroborate analyze feed.jsonl --format json > report.json\n  \
corroborate analyze articles/ --record police-use-of-force --format html --out out/\n\n\
RECORDS:\n  By default each story gets the record of every shipped schema whose [applies] table\n  \
accepts it (a police shooting gets a police-use-of-force record); --record picks them.\n\n\
INPUTS:\n  .txt           the file's text unchanged; the first non-empty line is the headline\n  \
.html .htm     the article body is extracted; title, byline, date and outlet from metadata\n  \
.jsonl         one article per line: text or html, title, url, outlet, published\n  \
.tml           TimeML; the document creation time is the publication date\n  \
.warc .warc.gz HTML responses of a web archive; URL and crawl date from the record\n  \
http(s)://...  fetched; --urls FILE and --feed URL|FILE add more (docs/inputs.md)\n  \
A folder is read recursively in sorted order; a manifest.json (or manifest.csv) in it\n  \
gives outlet, url and published per file.")]
    Analyze(AnalyzeArgs),
    /// Fill a structured record (e.g. police use of force) from a story, every field cited.
    #[command(after_help = "EXAMPLES:\n  \
corroborate record --schema police-use-of-force ../shared/seeds --format csv\n  \
corroborate record --schema schemas/product-recall.toml articles/ --format md\n\n\
See docs/schemas.md for the schema format.")]
    Record(record_cmd::RecordArgs),
    /// Add articles to a SQLite store (idempotent; one transaction per batch).
    #[command(after_help = "EXAMPLES:\n  \
corroborate ingest ../shared/seeds                  # into ./corroborate.db\n  \
corroborate ingest new-article.html --db news.db    # the story it joins gets a new version\n  \
corroborate ingest --artifacts spark-out-artifacts/ # articles analysed by the Spark job\n\n\
Each article is analysed once: its result is stored and later ingests only link it and\n\
reconcile the stories that changed. See docs/store.md.")]
    Ingest(ingest_cmd::IngestArgs),
    /// Render stories from a store as Markdown, HTML or JSON.
    #[command(after_help = "EXAMPLES:\n  \
corroborate report --list\n  \
corroborate report --story s1 --format html --out s1.html")]
    Report(report_cmd::ReportArgs),
    /// Serve the JSON API and web UI over a store (loopback by default).
    #[command(after_help = "EXAMPLES:\n  \
corroborate serve --db news.db                      # http://127.0.0.1:8080/")]
    Serve(serve_cmd::ServeArgs),
    /// List the temporal expressions of one article with TIMEX3 values resolved against its
    /// creation date (text, JSON or TimeML).
    #[command(after_help = "EXAMPLES:\n  \
corroborate dates article.txt --dct 2026-10-23\n  \
corroborate dates article.txt --dct 2026-10-23 --format json\n  \
corroborate dates article.txt --dct 2026-10-23 --format timeml > article.tml\n  \
corroborate dates article.tml            # the DCT comes from <DCT>\n\n\
Without a DCT, relative expressions keep underspecified values (XXXX-WXX-5, XXXX-XX).")]
    Dates(dates_cmd::DatesArgs),
    /// Poll feeds and keep a store's stories current: new articles are ingested and the stories
    /// they join get a new version.
    #[command(after_help = "EXAMPLES:\n  \
corroborate watch --db news.db --feed https://example.org/rss.xml\n  \
corroborate watch --db news.db --feed https://a.example/news-sitemap.xml --feed feed.xml --every 5m\n\n\
One line per cycle on stdout; problems on stderr. Ctrl-C (SIGINT) or SIGTERM stops after the\n\
current step. One watcher per store: a second one is refused (see docs/inputs.md).")]
    Watch(watch_cmd::WatchArgs),
    /// A person's dossier across the stories of a store: stories, roles over time, a dated
    /// timeline, quotes by and about them, possible namesakes; every entry cited.
    #[command(after_help = "EXAMPLES:\n  \
corroborate person --db news.db \"Hunter Foster\"\n  \
corroborate person --db news.db p-hunter-foster --json\n\n\
See docs/people.md.")]
    Person(person_cmd::PersonArgs),
    /// An agency's dossier across the stories of a store: incidents, people by role over time,
    /// investigations; every entry cited.
    #[command(after_help = "EXAMPLES:\n  \
corroborate agency --db news.db \"Senatobia Police Department\" --json")]
    Agency(person_cmd::PersonArgs),
}

#[derive(Args)]
struct AnalyzeArgs {
    /// Files, folders, WARC archives or http(s) URLs to read.
    #[arg(required_unless_present_any = ["urls", "feeds"], value_name = "PATH|URL")]
    paths: Vec<PathBuf>,
    #[command(flatten)]
    web: web_inputs::WebArgs,
    /// A store used as the fetch cache: pages fetched before are read from it (see --refresh).
    #[arg(long, value_name = "DB")]
    cache: Option<PathBuf>,
    /// A manifest (JSON or CSV with columns file,outlet,published,url) giving metadata per file.
    #[arg(long, value_name = "FILE")]
    manifest: Option<PathBuf>,
    /// Ignore manifest.json/manifest.csv files found in input folders (metadata then comes only
    /// from the inputs themselves and from inference).
    #[arg(long, conflicts_with = "manifest")]
    no_manifest: bool,
    /// Write the report into this folder (report.json, report.md, report.html) instead of stdout.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Output formats, comma-separated: json (the contract), md (Markdown), html (one
    /// self-contained page), jsonl (the report streamed as JSON Lines, one line per story; written
    /// alone; for large corpora: articles wait in a temporary file under TMPDIR, not in memory).
    /// Several formats need --out.
    #[arg(long, value_delimiter = ',', default_value = "json", value_parser = ["json", "md", "html", "jsonl"])]
    format: Vec<String>,
    /// Include every token in the JSON output.
    #[arg(long)]
    tokens: bool,
    /// Treat this day as today when inferring dates (YYYY-MM-DD); defaults to the system date.
    #[arg(long, value_name = "DATE")]
    today: Option<jiff::civil::Date>,
    /// No progress bar and no per-file warnings on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Pretty-print the JSON.
    #[arg(long)]
    pretty: bool,
    /// Print each stage's wall-clock time on stderr as it ends (even with --quiet): where a
    /// large run spends its time (see docs/performance.md).
    #[arg(long)]
    timings: bool,
    /// Incident records to fill per story (repeatable): `auto` (the default) fills every
    /// shipped schema whose [applies] table accepts the story; NAME (a shipped schema such as
    /// police-use-of-force, or NAME.toml under ./schemas) or FILE (a TOML schema) is filled for
    /// every story; `none` fills no record. Naming a schema turns `auto` off unless it is also
    /// given. See docs/schemas.md.
    #[arg(long = "record", value_name = "auto|none|NAME|FILE")]
    records: Vec<String>,
}

/// The records `--record` asks for; a message when a schema cannot be used.
fn record_choice(values: &[String]) -> Result<corroborate_cli::RecordChoice, String> {
    let mut choice = corroborate_cli::RecordChoice::default();
    if values.is_empty() {
        return Ok(choice);
    }
    if values.iter().any(|v| v == "none") {
        return if values.len() == 1 {
            Ok(corroborate_cli::RecordChoice::none())
        } else {
            Err("--record none cannot be combined with other --record values".into())
        };
    }
    choice.auto = values.iter().any(|v| v == "auto");
    for v in values.iter().filter(|v| *v != "auto") {
        let text = record_cmd::schema_text(v, None).map_err(|e| format!("{e:#}"))?;
        let schema = corroborate_records::Schema::from_toml(&text)
            .map_err(|e| format!("schema {v}: {e}"))?;
        if !choice.forced.iter().any(|s| s.name == schema.name) {
            choice.forced.push(schema);
        }
    }
    Ok(choice)
}

/// The progress bar, and whether stage times are printed (`--timings`).
struct Bar(ProgressBar, bool);

impl Progress for Bar {
    fn start(&self, total: u64) {
        self.0.set_length(total);
    }
    fn tick(&self) {
        self.0.inc(1);
    }
    fn stage(&self, name: &str, elapsed: std::time::Duration) {
        if self.1 {
            self.0.suspend(|| {
                eprintln!("corroborate: {name}: {:.2} s", elapsed.as_secs_f64());
            });
        }
    }
}

fn today_local() -> jiff::civil::Date {
    jiff::Zoned::now().date()
}

fn run_analyze(args: AnalyzeArgs) -> anyhow::Result<u8> {
    let manifest = match &args.manifest {
        Some(p) => match Manifest::from_path(p) {
            Ok(m) => Some(m),
            Err(e) => {
                eprintln!("error: {}: {e}", p.display());
                return Ok(EXIT_USAGE);
            }
        },
        None => None,
    };
    let records = match record_choice(&args.records) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(EXIT_USAGE);
        }
    };
    let (paths, urls) = web_inputs::split_inputs(args.paths);
    let fetched = match fetch_for_analyze(&args.web, urls, args.cache.as_deref()) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(EXIT_USAGE);
        }
    };
    let req = AnalyzeRequest {
        paths,
        manifest,
        auto_manifest: !args.no_manifest,
        today: args.today.unwrap_or_else(today_local),
        report: ReportOptions {
            tokens: args.tokens,
        },
        records,
    };
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template(
                "{spinner} {bar:40} {pos}/{len} files {elapsed} ({eta} left)",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    };
    if args.format.iter().any(|f| f == "jsonl") {
        if args.format.len() > 1 {
            eprintln!("error: --format jsonl is written alone");
            return Ok(EXIT_USAGE);
        }
        let bar = Bar(bar, args.timings);
        return analyze_streamed(args.out.as_deref(), args.quiet, &req, fetched, &bar);
    }
    let (report, processed) =
        corroborate_cli::analyze_with(&req, fetched, &Bar(bar.clone(), args.timings));
    bar.finish_and_clear();
    if !args.quiet {
        for p in &report.problems {
            eprintln!("{p}");
        }
        let mut summary = format!(
            "corroborate: {} document(s) from {} file(s)",
            report.documents.len(),
            processed.files
        );
        if !processed.passed_over.is_empty() {
            summary.push_str(&format!(
                "; {} file(s) passed over (not .txt, .html, .jsonl or .tml)",
                processed.passed_over.len()
            ));
        }
        if !report.problems.is_empty() {
            summary.push_str(&format!(
                "; {} problem(s), listed above",
                report.problems.len()
            ));
        }
        eprintln!("{summary}");
    }
    let code = if report.problems.is_empty() {
        EXIT_OK
    } else {
        EXIT_INPUT_PROBLEMS
    };
    if args.out.is_none() && args.format.len() > 1 {
        eprintln!("error: several formats need --out DIR");
        return Ok(EXIT_USAGE);
    }
    // The renderings read the report back as a dossier (the JSON contract), through its
    // serialised bytes: a `serde_json::Value` of a large report takes several times their size.
    let dossier = if args.format.iter().any(|f| f != "json") {
        let bytes = serde_json::to_vec(&report)?;
        Some(serde_json::from_slice::<Dossier>(&bytes)?)
    } else {
        None
    };
    // The JSON report is serialised straight into the (buffered) output, never copied whole.
    let write_format = |format: &str, out: &mut dyn Write| -> anyhow::Result<()> {
        match (format, &dossier) {
            ("json", _) | (_, None) => {
                if args.pretty {
                    serde_json::to_writer_pretty(&mut *out, &report)?;
                } else {
                    serde_json::to_writer(&mut *out, &report)?;
                }
            }
            (f, Some(d)) => out.write_all(&report_cmd::render_dossier(d, f)?)?,
        }
        Ok(())
    };
    match &args.out {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
            for format in &args.format {
                let path = dir.join(report_cmd::file_name(format));
                let cannot = |e: &dyn std::fmt::Display| {
                    anyhow::anyhow!("cannot write {}: {e}", path.display())
                };
                let file = std::fs::File::create(&path).map_err(|e| cannot(&e))?;
                let mut out = std::io::BufWriter::new(file);
                write_format(format, &mut out).map_err(|e| cannot(&e))?;
                out.flush().map_err(|e| cannot(&e))?;
                if !args.quiet {
                    eprintln!("wrote {}", path.display());
                }
            }
        }
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let written = write_format(
                args.format.first().map(String::as_str).unwrap_or("json"),
                &mut out,
            )
            .and_then(|()| Ok(out.write_all(b"\n")?))
            .and_then(|()| Ok(out.flush()?));
            match written {
                // A closed pipe (`| head`) is the reader's choice, not a failure.
                Err(e)
                    if e.chain().any(|c| {
                        c.downcast_ref::<std::io::Error>()
                            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
                            || c.downcast_ref::<serde_json::Error>()
                                .and_then(|j| j.io_error_kind())
                                == Some(std::io::ErrorKind::BrokenPipe)
                    }) => {}
                other => other?,
            }
        }
    }
    Ok(code)
}

/// `analyze --format jsonl`: the report streamed story by story to `--out DIR/report.jsonl` or
/// stdout (docs/report-format.md).
fn analyze_streamed(
    out_dir: Option<&std::path::Path>,
    quiet: bool,
    req: &AnalyzeRequest,
    fetched: corroborate_core::load::Loaded,
    bar: &Bar,
) -> anyhow::Result<u8> {
    let (mut out, path): (Box<dyn Write>, _) = match out_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
            let path = dir.join("report.jsonl");
            let file = std::fs::File::create(&path)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
            (Box::new(std::io::BufWriter::new(file)), Some(path))
        }
        None => (
            Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
            None,
        ),
    };
    let streamed = corroborate_pipeline::stream::analyze_streamed(req, fetched, bar, &mut out)
        .and_then(|s| out.flush().map(|()| s));
    bar.0.finish_and_clear();
    let streamed = match streamed {
        Ok(s) => s,
        // A closed pipe (`| head`) is the reader's choice, not a failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(EXIT_OK),
        Err(e) => {
            let to = path.map_or("stdout".to_string(), |p| p.display().to_string());
            return Err(anyhow::anyhow!("cannot write {to}: {e}"));
        }
    };
    let problems = &streamed.processed.problems;
    if !quiet {
        for p in problems {
            eprintln!("{p}");
        }
        eprintln!(
            "corroborate: {} document(s) from {} file(s); {} problem(s)",
            streamed.documents,
            streamed.processed.files,
            problems.len()
        );
        if let Some(p) = &path {
            eprintln!("wrote {}", p.display());
        }
    }
    Ok(if problems.is_empty() {
        EXIT_OK
    } else {
        EXIT_INPUT_PROBLEMS
    })
}

/// The pages `analyze` was asked to fetch (URLs, `--urls`, `--feed`), through the fetch cache
/// in `cache` when given.
fn fetch_for_analyze(
    web: &web_inputs::WebArgs,
    urls: Vec<String>,
    cache: Option<&std::path::Path>,
) -> Result<corroborate_core::load::Loaded, String> {
    if urls.is_empty() && web.urls.is_none() && web.feeds.is_empty() {
        return Ok(Default::default());
    }
    let store = match cache {
        Some(p) => Some(
            corroborate_store::Store::open(p).map_err(|e| format!("cache {}: {e}", p.display()))?,
        ),
        None => None,
    };
    Ok(web_inputs::load_web(web, urls, store.as_ref())?.0)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Analyze(args) => run_analyze(args),
        Command::Record(args) => record_cmd::run(args, EXIT_USAGE, EXIT_INPUT_PROBLEMS),
        Command::Ingest(args) => ingest_cmd::run(args),
        Command::Report(args) => report_cmd::run(args),
        Command::Serve(args) => serve_cmd::run(args),
        Command::Dates(args) => dates_cmd::run(args),
        Command::Watch(args) => watch_cmd::run(args),
        Command::Person(args) => person_cmd::run(args, "person"),
        Command::Agency(args) => person_cmd::run(args, "organization"),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}
