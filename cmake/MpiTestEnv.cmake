# How ctest runs MPI programs on one machine (tests/mpi, examples): Open MPI is told,
# through its environment variables, to run as root (CI runs as root), to allow more
# ranks than cores (4 ranks on a 2-core machine), to talk over loopback TCP only, not to
# bind ranks to cores, and to yield the core while waiting (oversubscribed ranks that spin
# would starve each other). ND_MPI_THREADS=auto splits the cores between the ranks.
#
# Under AddressSanitizer (ND_SANITIZE) MPI programs run with detect_leaks=0: Open MPI,
# hwloc and BLACS keep allocations until exit (MPI's internal objects, BLACS's buffers),
# which LeakSanitizer reports as leaks of theirs. Every other ASan and UBSan check stays on.
# ND_MPI_TEST_UNDER_ASAN tells test_mpi_linalg to skip the cases that meet OpenBLAS
# 0.3.21's out-of-bounds reads (see that file).
set(ND_MPI_TEST_ENV
  OMPI_ALLOW_RUN_AS_ROOT=1
  OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  OMPI_MCA_rmaps_base_oversubscribe=1
  OMPI_MCA_btl=self,tcp
  OMPI_MCA_btl_tcp_if_include=lo
  OMPI_MCA_oob_tcp_if_include=lo
  OMPI_MCA_mpi_yield_when_idle=1
  OMPI_MCA_hwloc_base_binding_policy=none
  OMPI_MCA_btl_base_warn_component_unused=0
  ND_MPI_THREADS=auto)
if(ND_SANITIZE)
  list(APPEND ND_MPI_TEST_ENV ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1
       ND_MPI_TEST_UNDER_ASAN=1)
endif()

# nd_mpi_add_test(name target ranks args...): a ctest running target under mpiexec with
# that many ranks, a TIMEOUT (a deadlock fails instead of hanging) and PROCESSORS (so that
# ctest -j does not stack MPI jobs on the 2 cores).
function(nd_mpi_add_test name target ranks)
  add_test(NAME ${name} COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks}
           ${MPIEXEC_PREFLAGS} $<TARGET_FILE:${target}> ${ARGN})
  set(procs ${ranks})
  if(procs GREATER 2)
    set(procs 2)
  endif()
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${ND_MPI_TEST_ENV}" TIMEOUT 300
                       PROCESSORS ${procs} LABELS mpi)
endfunction()
