//! `corroborate serve`: the HTTP API and web UI over a store.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

/// Arguments of `corroborate serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The store (created when missing).
    #[arg(long, value_name = "FILE", default_value = "corroborate.db")]
    pub db: PathBuf,
    /// Address to listen on; loopback by default. Any other address needs --auth-token.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Largest accepted request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 8 * 1024 * 1024)]
    pub max_body: usize,
    /// Another host name the server may be addressed by (the Host header), besides localhost,
    /// 127.0.0.1, ::1 and the address it listens on. Repeatable.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// A secret every request must carry (Authorization: Bearer TOKEN, or open /?token=TOKEN
    /// once in a browser). Required to listen beyond loopback.
    /// The environment variable CORROBORATE_AUTH_TOKEN is read when this is not given.
    #[arg(long, value_name = "TOKEN")]
    pub auth_token: Option<String>,
    /// Most connections served at once.
    #[arg(long, value_name = "N", default_value_t = 512)]
    pub max_connections: usize,
    /// Seconds a client has to send a request's headers before its connection is closed.
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    pub header_timeout: u64,
}

/// Runs the server until interrupted; exit code 2 when the configuration is refused.
pub fn run(args: ServeArgs) -> anyhow::Result<u8> {
    let token = args
        .auth_token
        .or_else(|| std::env::var("CORROBORATE_AUTH_TOKEN").ok())
        .filter(|t| !t.trim().is_empty());
    if !corroborate_server::is_loopback(&args.addr) && token.is_none() {
        eprintln!(
            "error: refusing to listen on {} without authentication: anyone who can reach it could read the store and add articles.\n\
             Give --auth-token TOKEN (or set CORROBORATE_AUTH_TOKEN), or listen on 127.0.0.1.",
            args.addr
        );
        return Ok(2);
    }
    let mut config = corroborate_server::Config::new(
        args.db,
        args.addr,
        Arc::new(corroborate_cli::link_selected),
    );
    config.max_body = args.max_body;
    config.allow_hosts = args.allow_host;
    config.auth_token = token;
    config.max_connections = args.max_connections;
    config.header_timeout = Duration::from_secs(args.header_timeout.max(1));
    corroborate_server::run(config)?;
    Ok(0)
}
