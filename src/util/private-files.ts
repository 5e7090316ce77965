/**
 * Modes of what the app creates under DATA_DIR: the owner's alone, whatever the process umask (a
 * umask only clears bits, so these are what lands on disk). Memories, history and tokens' holders live
 * there.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
