/* NORMALIZE: everything */
BEGIN {}
