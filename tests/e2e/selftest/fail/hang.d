/* TIMEOUT: 1 */
/* ARGS: --hang */
