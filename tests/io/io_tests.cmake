# I/O tests exchange files with NumPy (the venv `make test` prepares, .venv with numpy):
#   io_numpy_write   NumPy writes .npy/.npz/raw files into the build tree (fixture setup);
#   test_io_numpy    the C test reads them, and writes its own files;
#   io_numpy_read    NumPy reads nd's files and checks values, dtypes and orders.
# The C tests need no Python themselves: without the venv test_io_numpy skips its cases.
# Included from tests/CMakeLists.txt after the test executables are defined.
set(ND_IO_PYTHON ${CMAKE_SOURCE_DIR}/.venv/bin/python)
set(ND_IO_NUMPY_DIR ${CMAKE_CURRENT_BINARY_DIR}/io_numpy)
set(ND_IO_ND_DIR ${CMAKE_CURRENT_BINARY_DIR}/io_nd)
set_property(TEST test_io_numpy APPEND PROPERTY ENVIRONMENT
  "ND_IO_NUMPY_DIR=${ND_IO_NUMPY_DIR}" "ND_IO_ND_DIR=${ND_IO_ND_DIR}")
if(EXISTS ${ND_IO_PYTHON})
  add_test(NAME io_numpy_write COMMAND ${ND_IO_PYTHON}
    ${CMAKE_CURRENT_SOURCE_DIR}/io/write_numpy_files.py ${ND_IO_NUMPY_DIR} ${ND_IO_ND_DIR})
  add_test(NAME io_numpy_read COMMAND ${ND_IO_PYTHON}
    ${CMAKE_CURRENT_SOURCE_DIR}/io/read_nd_files.py ${ND_IO_ND_DIR})
  set_tests_properties(io_numpy_write io_numpy_read PROPERTIES
    ENVIRONMENT PYTHONDONTWRITEBYTECODE=1)
  set_tests_properties(io_numpy_write PROPERTIES FIXTURES_SETUP io_numpy_files)
  set_tests_properties(test_io_numpy PROPERTIES FIXTURES_REQUIRED io_numpy_files
    FIXTURES_SETUP io_nd_files)
  set_tests_properties(io_numpy_read PROPERTIES FIXTURES_REQUIRED io_nd_files)
endif()
