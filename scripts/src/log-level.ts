/**
 * The function logs' level on the local stack: `WARN` unless `LOG_LEVEL` says otherwise, so a
 * click does not write a request line (the lines go to `DATA_DIR/logs/requests.log`; set
 * `LOG_LEVEL=INFO` to have them). In AWS the functions log at `INFO`, their logger's default.
 */
export const LOCAL_LOG_LEVEL = 'WARN';

export function localLogLevel(env: NodeJS.ProcessEnv): string {
  return env.LOG_LEVEL?.trim() || LOCAL_LOG_LEVEL;
}
