"""sheepdog: cli."""
