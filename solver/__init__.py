"""sheepdog: solver."""
