// The C library functions Swift's Glibc module leaves out (statx,
// getdents64, fstatfs, the xattr calls, glibc's newer posix_spawn helpers,
// iswprint_l, mallopt, getauxval, __nss_configure_lookup) or declares only
// as variadic (prctl), linked by
// name so that a static executable carries them: dlsym finds nothing in
// a static binary. SystemSeam's CLibrarySymbol is the only user.
//
// Each is declared under a name of ours bound to the C library's symbol
// (an asm label), so these declarations never meet glibc's own, whatever
// feature macros its headers were built with. A function the C library
// at build time is too old for is left out and answers NULL. (An edit here
// may not rebuild SystemSeam, which inlines this: touch CLibrarySymbol.swift.)
#ifndef FILETABLE_C_LIBRARY_EXTRAS_H
#define FILETABLE_C_LIBRARY_EXTRAS_H

#include <features.h>
#include <string.h>

extern int filetable_statx(void) __asm__("statx");
extern int filetable_getdents64(void) __asm__("getdents64");
extern int filetable_fstatfs(void) __asm__("fstatfs");
extern int filetable_getxattr(void) __asm__("getxattr");
extern int filetable_lgetxattr(void) __asm__("lgetxattr");
extern int filetable_llistxattr(void) __asm__("llistxattr");
extern int filetable_iswprint_l(void) __asm__("iswprint_l");
extern int filetable_mallopt(void) __asm__("mallopt");
extern int filetable_prctl(void) __asm__("prctl");
extern int filetable_addfchdir(void) __asm__("posix_spawn_file_actions_addfchdir_np");
extern int filetable_addclosefrom(void) __asm__("posix_spawn_file_actions_addclosefrom_np");
extern int filetable_getauxval(void) __asm__("getauxval");
extern int filetable_nss_configure_lookup(void) __asm__("__nss_configure_lookup");

/// The address of the C library function `name`, or NULL when it is not
/// one of the functions above or the C library this was built against
/// lacks it. The caller casts it to the function's real type.
static inline void *filetable_c_library_function(const char *name) {
    if (strcmp(name, "statx") == 0) {
#if __GLIBC_PREREQ(2, 28)
        return (void *)&filetable_statx;
#endif
    } else if (strcmp(name, "getdents64") == 0) {
#if __GLIBC_PREREQ(2, 30)
        return (void *)&filetable_getdents64;
#endif
    } else if (strcmp(name, "fstatfs") == 0) {
        return (void *)&filetable_fstatfs;
    } else if (strcmp(name, "getxattr") == 0) {
        return (void *)&filetable_getxattr;
    } else if (strcmp(name, "lgetxattr") == 0) {
        return (void *)&filetable_lgetxattr;
    } else if (strcmp(name, "llistxattr") == 0) {
        return (void *)&filetable_llistxattr;
    } else if (strcmp(name, "iswprint_l") == 0) {
        return (void *)&filetable_iswprint_l;
    } else if (strcmp(name, "mallopt") == 0) {
        return (void *)&filetable_mallopt;
    } else if (strcmp(name, "prctl") == 0) {
        return (void *)&filetable_prctl;
    } else if (strcmp(name, "posix_spawn_file_actions_addfchdir_np") == 0) {
#if __GLIBC_PREREQ(2, 29)
        return (void *)&filetable_addfchdir;
#endif
    } else if (strcmp(name, "getauxval") == 0) {
        return (void *)&filetable_getauxval;
    } else if (strcmp(name, "__nss_configure_lookup") == 0) {
        return (void *)&filetable_nss_configure_lookup;
    } else if (strcmp(name, "posix_spawn_file_actions_addclosefrom_np") == 0) {
#if __GLIBC_PREREQ(2, 34)
        return (void *)&filetable_addclosefrom;
#endif
    }
    return NULL;
}

#endif
