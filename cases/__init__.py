"""sheepdog: cases."""
