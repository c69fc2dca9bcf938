/* REQUIRES: fbt teleport */
BEGIN {}
