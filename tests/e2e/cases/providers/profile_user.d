/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/spin 500" */
/* spin burns user time: most profile samples of it have arg1 (user PC) set. */
int user, kernel;
profile-997hz
/pid == $target && arg1/
{
	user++;
}

profile-997hz
/pid == $target && arg0/
{
	kernel++;
}

END
{
	printf("user samples: %d, mostly user: %d\n", user > 100, kernel < user / 4);
}
