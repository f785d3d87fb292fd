# microsacc(): monocular (micro)saccade candidates, as the Microsaccade Toolbox 0.9 for R finds them
# (Engbert & Kliegl 2003, Vision Research 43:1035-1045; Engbert & Mergenthaler 2006, PNAS 103:7192).
#
# A transcription written for this project (see vecvel.R for where the toolbox's own files are and
# why their text is not copied): same name, arguments and result ($table with 7 columns: onset,
# offset (1-based rows), peak velocity, dx, dy, dX, dY; $radius), same operations in the same order.
#
# sigma per axis: sqrt(median((v - median(v))^2)), the toolbox's form; below 1e-10 the mean-based
# one; below that the toolbox stops. Candidates: (vx/rx)^2 + (vy/ry)^2 > 1 with r = VFAC * sigma.
# A run of consecutive candidate rows of MINDUR rows or more is a saccade.
microsacc <- function(x, VFAC = 5, MINDUR = 3, SAMPLING = 500) {
  v <- vecvel(x, SAMPLING = SAMPLING)
  medx <- median(v[, 1])
  msdx <- sqrt(median((v[, 1] - medx)^2))
  medy <- median(v[, 2])
  msdy <- sqrt(median((v[, 2] - medy)^2))
  if (msdx < 1e-10) {
    msdx <- sqrt(mean(v[, 1]^2) - (mean(v[, 1]))^2)
    if (msdx < 1e-10) stop("msdx<realmin in microsacc")
  }
  if (msdy < 1e-10) {
    msdy <- sqrt(mean(v[, 2]^2) - (mean(v[, 2]))^2)
    if (msdy < 1e-10) stop("msdy<realmin in microsacc")
  }
  radiusx <- VFAC * msdx
  radiusy <- VFAC * msdy
  radius <- c(radiusx, radiusy)

  test <- (v[, 1] / radiusx)^2 + (v[, 2] / radiusy)^2
  indx <- which(test > 1)

  # The toolbox's loop over candidate rows: dur counts the current run; a break in the indices
  # closes it, kept when it lasted MINDUR rows or more.
  N <- length(indx)
  nsac <- 0
  sac <- NULL
  dur <- 1
  a <- 1
  k <- 1
  while (k < N) {
    if (indx[k + 1] - indx[k] == 1) {
      dur <- dur + 1
    } else {
      if (dur >= MINDUR) {
        nsac <- nsac + 1
        b <- k
        sac <- rbind(sac, c(indx[a], indx[b], rep(0, 5)))
      }
      a <- k + 1
      dur <- 1
    }
    k <- k + 1
  }
  # The last run has no break after it.
  if (dur >= MINDUR) {
    nsac <- nsac + 1
    b <- k
    sac <- rbind(sac, c(indx[a], indx[b], rep(0, 5)))
  }

  if (nsac == 0) return(NULL)
  for (s in 1:nsac) {
    a <- sac[s, 1]
    b <- sac[s, 2]
    idx <- a:b
    sac[s, 3] <- max(sqrt(v[idx, 1]^2 + v[idx, 2]^2))
    sac[s, 4:5] <- c(x[b, 1] - x[a, 1], x[b, 2] - x[a, 2])
    ix1 <- which.min(x[idx, 1]); ix2 <- which.max(x[idx, 1])
    iy1 <- which.min(x[idx, 2]); iy2 <- which.max(x[idx, 2])
    sac[s, 6:7] <- c(sign(ix2 - ix1) * (max(x[idx, 1]) - min(x[idx, 1])),
                     sign(iy2 - iy1) * (max(x[idx, 2]) - min(x[idx, 2])))
  }
  list(table = sac, radius = radius)
}
