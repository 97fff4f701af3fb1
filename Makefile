# Builds, installs and packages pullfeed.
#   make                              the release binaries (pullfeed and pullfeed-dashboard, which
#                                     reads --dashboard files), as the README's Install section says
#   make install [PREFIX=/usr/local] [DESTDIR=]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#   make deb                          pullfeed_VERSION_ARCH.deb, for machines without Swift
#   make man                          regenerate man/pullfeed.1 from the help and man/pullfeed.1.in
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
DEB_MAINTAINER ?= PullFeed <pullfeed@pullfeed.invalid>
BINARY := .build/release/pullfeed
# The program pullfeed runs to read a --dashboard file's YAML, built and installed beside it.
READER := $(dir $(BINARY))pullfeed-dashboard
SOURCES := Package.swift $(wildcard Package.resolved) $(shell find Sources CNcurses CSQLite CZlib -type f 2>/dev/null)

.PHONY: all install uninstall deb man
all: $(BINARY) $(READER)

# A binary that needs the Swift runtime (a plain `swift build -c release` writes the same path)
# is not what install and deb ship: it is built again, with the runtime linked in. An up-to-date
# static binary is never rebuilt.
ifneq ($(shell objdump -p $(BINARY) 2>/dev/null | grep -c 'NEEDED.*libswift'),0)
.PHONY: $(BINARY)
endif
ifneq ($(shell objdump -p $(READER) 2>/dev/null | grep -c 'NEEDED.*libswift'),0)
.PHONY: $(READER)
endif

$(BINARY): $(SOURCES)
	$(SWIFT) build -c release --static-swift-stdlib --product pullfeed
	@touch $@

$(READER): $(SOURCES)
	$(SWIFT) build -c release --static-swift-stdlib --product pullfeed-dashboard
	@touch $@

install: $(BINARY) $(READER)
	@Scripts/install.sh $(BINARY) "$(DESTDIR)$(PREFIX)"

uninstall:
	@Scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

deb: $(BINARY) $(READER)
	@DEB_MAINTAINER="$(DEB_MAINTAINER)" Scripts/build-deb.sh $(BINARY) .

man: $(BINARY)
	python3 Scripts/generate-manpage.py $(BINARY)
