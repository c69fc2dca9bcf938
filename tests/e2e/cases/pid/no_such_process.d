/* A pid provider for a process that does not exist (above the largest pid
   Linux can give). */
pid4194305:::entry
{
}
