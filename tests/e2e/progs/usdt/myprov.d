/*
 * The provider of usdt_own.c, built with "dtrace -h" and "dtrace -G" as a
 * program that defines its own probes is (see CMakeLists.txt).
 */
#pragma D attributes Evolving/Evolving/Common provider myprov provider
#pragma D attributes Private/Private/Unknown provider myprov module
#pragma D attributes Private/Private/Unknown provider myprov function
#pragma D attributes Evolving/Evolving/Common provider myprov name
#pragma D attributes Evolving/Evolving/Common provider myprov args

provider myprov {
	probe request__start(int, char *, long long, unsigned char);
	probe request__done(int id, string status);
	probe tick();
};
