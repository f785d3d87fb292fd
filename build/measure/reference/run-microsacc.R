# Rscript run-microsacc.R FILE VFAC MINDUR [TOOLBOX_DIR]
# FILE: CSV with a header naming t_ms, x_deg, y_deg (no missing samples: the toolbox has no rule for
# them). SAMPLING is 1000 / the median sample interval. Prints "radius,<rx>,<ry>" then one line
# "<onset>,<offset>" per saccade, 1-based rows as the toolbox reports them.
args <- commandArgs(trailingOnly = TRUE)
dir <- if (length(args) >= 4 && nzchar(args[4])) args[4] else {
  f <- sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))
  dirname(normalizePath(f))
}
source(file.path(dir, "vecvel.R"))
source(file.path(dir, "microsacc.R"))
d <- read.csv(args[1], comment.char = "#")
x <- cbind(d$x_deg, d$y_deg)
sampling <- 1000 / median(diff(d$t_ms))
m <- microsacc(x, VFAC = as.numeric(args[2]), MINDUR = as.numeric(args[3]), SAMPLING = sampling)
if (is.null(m)) {
  cat("none\n")
} else {
  cat(sprintf("radius,%.17g,%.17g\n", m$radius[1], m$radius[2]))
  for (s in seq_len(nrow(m$table))) cat(sprintf("%d,%d\n", as.integer(m$table[s, 1]), as.integer(m$table[s, 2])))
}
