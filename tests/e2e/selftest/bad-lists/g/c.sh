echo c
