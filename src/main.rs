fn main() -> std::process::ExitCode {
    cloudvet::cli::run(std::env::args_os())
}
