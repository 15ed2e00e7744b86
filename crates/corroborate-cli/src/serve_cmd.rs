//! `corroborate serve`: the HTTP API and web UI over a store.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

/// Arguments of `corroborate serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The store (created when missing).
    #[arg(long, value_name = "FILE", default_value = "corroborate.db")]
    pub db: PathBuf,
    /// Address to listen on; loopback by default.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Largest accepted request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 8 * 1024 * 1024)]
    pub max_body: usize,
}

/// Runs the server until interrupted.
pub fn run(args: ServeArgs) -> anyhow::Result<u8> {
    let config = corroborate_server::Config {
        db: args.db,
        addr: args.addr,
        max_body: args.max_body,
        linker: Arc::new(corroborate_cli::link),
    };
    corroborate_server::run(config)?;
    Ok(0)
}
