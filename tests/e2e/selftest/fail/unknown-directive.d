/* COLOUR: red */
BEGIN {}
