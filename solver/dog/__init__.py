"""sheepdog: solver/dog."""
