"""sheepdog: solver/slywolf."""
