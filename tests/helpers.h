#ifndef ND_TEST_HELPERS_H
#define ND_TEST_HELPERS_H
#endif
