# routelint's container image: the portable binary (scripts/package) on a small Debian with
# git, which `routelint lint --staged` and `routelint diff` ask for revisions.
#
#   docker build -t routelint .
#   docker run --rm -v "$PWD:/work" -w /work routelint lint
#
# The build stage is the oldest Ubuntu of the official Swift images, so the binary's glibc
# floor (2.35) is as low as those images allow.
FROM swift:6.3-jammy AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libyaml-dev libxml2-dev libicu-dev liblzma-dev zlib1g-dev pkg-config git \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN scripts/package && mkdir /out && tar -xzf dist/routelint-*-linux-*.tar.gz -C /out --strip-components=1

FROM debian:bookworm-slim
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends git ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    # A mounted repository belongs to another user than the container's: git may read it.
    && git config --system --add safe.directory '*'
COPY --from=build /out/routelint /usr/local/bin/routelint
WORKDIR /work
ENTRYPOINT ["routelint"]
