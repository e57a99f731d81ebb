"""sheepdog: generators."""
