# vecvel(): velocity from position, as the Microsaccade Toolbox 0.9 for R computes it
# (Engbert, Sinn, Mergenthaler & Trukenbrod, 2014/2015; Engbert & Kliegl 2003, eq. 1).
#
# A transcription written for this project from the toolbox's published algorithm, with the same
# name, arguments and result, so that the toolbox's own vecvel.R can be put in its place
# (EK_TOOLBOX_DIR, see ek2003-reference.test.ts). The toolbox's R files are mirrored on GitHub, e.g.
# richardschweitzer/PostsaccadicOscillations (microsacc.R, modified there for NaNs) and in copies
# of the toolbox's MS_Toolbox_R folder; their text is not copied here (no licence travels with the
# mirrors), but every operation below is the toolbox's, in its order.
#
# x: N x 2 matrix of positions; SAMPLING: Hz; TYPE 2: the 5-point moving average; otherwise the
# central difference. The first and last rows are 0.
vecvel <- function(x, SAMPLING = 500, TYPE = 2) {
  N <- dim(x)[1]
  v <- matrix(0, nrow = N, ncol = 2)
  if (TYPE == 2) {
    v[3:(N - 2), ] <- SAMPLING / 6 * (x[5:N, ] + x[4:(N - 1), ] - x[2:(N - 3), ] - x[1:(N - 4), ])
    v[2, ] <- SAMPLING / 2 * (x[3, ] - x[1, ])
    v[(N - 1), ] <- SAMPLING / 2 * (x[N, ] - x[(N - 2), ])
  } else {
    v[2:(N - 1), ] <- SAMPLING / 2 * (x[3:N, ] - x[1:(N - 2), ])
  }
  v
}
