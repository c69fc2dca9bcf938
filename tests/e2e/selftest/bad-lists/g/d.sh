echo d
