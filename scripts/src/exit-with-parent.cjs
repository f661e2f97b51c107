/**
 * Preloaded (`node --require`) into the local stack's Node children (cognito-local): the child
 * ends when its stdin closes. The stack holds the other end of that pipe, so when the stack goes,
 * even killed with SIGKILL, the child goes with it instead of serving on as an orphan.
 */
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
