/*
 * The lockstat provider's constants: rw-spin's and rw-block's args[2] says
 * whether the thread waited to read or to write, as DTrace's RW_READER and
 * RW_WRITER.
 */

inline int RW_WRITER = 0;
inline int RW_READER = 1;
